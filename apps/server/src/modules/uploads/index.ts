export { uploadRoutes } from './routes.js';
export { privateFileLink } from './links.js';
