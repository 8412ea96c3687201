export { accountRoutes, meRoutes } from './routes.js';
