export { patientChatRoutes } from './patient-routes.js';
export { chatRoutes } from './routes.js';
export { receivePatientMessage } from './patient.js';
export type { ChatWriteOptions } from './messages.js';
