/**
 * Waitlists (issue 21): a full day's line, offers of freed places held for the first patient
 * waiting, then the next. Other modules import from here only.
 */
export { createWaitlist, WAITLIST_SWEEP_MS, type Waitlist, type WaitlistDeps } from './service.js';
export { waitlistRoutes } from './routes.js';
export { patientWaitlistRoutes, type PatientJoinRules } from './patient-routes.js';
export type { MadeOffer, OnOffer } from './day.js';
