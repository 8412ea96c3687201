export { patientRoutes } from './routes.js';
export { birthDateOf, findPatients } from './service.js';
