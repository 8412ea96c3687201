export { patientApiRoutes } from './routes.js';
export { beforeCutoff, lastOnlineDate, type OnlineWindow } from './catalogue.js';
