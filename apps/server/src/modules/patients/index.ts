export { patientRoutes } from './routes.js';
export { birthDateOf, findPatients, findPatientsByDigits, findPatientsByName, preparedTerm, type PreparedTerm } from './service.js';
