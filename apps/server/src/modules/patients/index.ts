export { patientRoutes } from './routes.js';
export { patientSearchCondition } from './service.js';
