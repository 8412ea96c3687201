export { doctorRoutes } from './routes.js';
