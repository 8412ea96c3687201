export { settingsRoutes } from './routes.js';
