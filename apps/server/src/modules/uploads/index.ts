export { uploadRoutes } from './routes.js';
