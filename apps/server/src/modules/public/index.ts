/** The routes anyone may read without signing in (the patient app's public pages). */
export { publicRoutes, type PublicRouteOptions } from './routes.js';
