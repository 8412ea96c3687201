export {
  auditPatientAppList,
  auditPatientAppWrite,
  auditPatientAppWrites,
  auditProviderWrites,
  auditStaffWrites,
  registerAuditTrail,
  type ProviderWrite,
  type StaffWrite,
} from './hook.js';
export { auditRoutes } from './routes.js';
export { withAuditDeclarations } from './declaration.js';
