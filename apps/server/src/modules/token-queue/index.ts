export { tokenQueueRoutes } from './routes.js';
export { getQueue } from './queries.js';
