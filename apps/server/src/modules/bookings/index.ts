export { bookingVisitColumns } from './queries.js';
export { bookingRoutes } from './routes.js';
