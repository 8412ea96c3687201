export { patientApiRoutes } from './routes.js';
export { beforeCutoff, lastOnlineDate, listOnlineSlots, onlineOwner, type OnlineOwnerKind, type OnlineWindow } from './catalogue.js';
