export { authRoutes } from './routes.js';
export { announceAccountChanged, createSessionUsers, getSessionUser, toSessionUser } from './session-user.js';
export { announceSessionsEnded, revokeStaffSessions, startSession, type ClientInfo } from './sessions.js';
export { clearSignInLimits } from './sign-in-limits.js';
