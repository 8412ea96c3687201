export { staffRoutes } from './routes.js';
