export { tokenQueueRoutes } from './routes.js';
