/** For other modules' tests. */
export { patientUploadLimitKey } from './patient-routes.js';
