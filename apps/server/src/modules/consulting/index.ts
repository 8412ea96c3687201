export { consultingRoutes } from './routes.js';
