export { notificationRoutes } from './routes.js';
export { countUnread } from './service.js';
