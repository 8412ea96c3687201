export { appointmentVisitColumns } from './queries.js';
export { appointmentRoutes } from './routes.js';
export { appointmentSeriesRoutes } from './series-routes.js';
