export { pushRoutes } from './routes.js';
