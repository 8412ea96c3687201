export { bookingVisitColumns } from './queries.js';
export { bookingRoutes } from './routes.js';
export { bookingTestsSubscriber } from './tests.js';
export { bookingSeriesRoutes } from './series-routes.js';
