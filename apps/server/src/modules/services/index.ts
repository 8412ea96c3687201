export { serviceRoutes } from './routes.js';
export { packageItemNamesSql } from './packages.js';
