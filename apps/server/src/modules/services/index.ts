export { serviceRoutes } from './routes.js';
