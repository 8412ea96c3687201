export { appointmentVisitColumns } from './queries.js';
export { appointmentRoutes } from './routes.js';
