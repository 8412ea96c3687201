export { patientChatRoutes } from './patient-routes.js';
export { chatRoutes } from './routes.js';
