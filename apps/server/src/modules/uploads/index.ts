export { uploadRoutes, type UploadRouteOptions } from './routes.js';
export { patientUploadRoutes } from './patient-routes.js';
export { privateFileLink, privateFileLinker } from './links.js';
