export { patientRoutes } from './routes.js';
export { birthDateOf, patientSearchCondition } from './service.js';
