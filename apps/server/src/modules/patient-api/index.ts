export { patientApiRoutes } from './routes.js';
