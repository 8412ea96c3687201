export { auditPatientAppList, auditPatientAppWrite, auditPatientAppWrites, auditProviderWrites, registerAuditTrail, type ProviderWrite } from './hook.js';
export { auditRoutes } from './routes.js';
export { withAuditDeclarations } from './declaration.js';
