export { auditPatientAppWrite, registerAuditTrail } from './hook.js';
export { auditRoutes } from './routes.js';
export { withAuditDeclarations } from './declaration.js';
