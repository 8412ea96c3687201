export { searchRoutes } from './routes.js';
