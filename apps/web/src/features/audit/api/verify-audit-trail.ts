import { auditVerifySchema, type AuditVerify } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Asks the server to recompute the organisation's hash chain (a read, run on demand). */
export async function verifyAuditTrail(): Promise<AuditVerify> {
  const response = await http.get<unknown>('/audit/verify');
  return auditVerifySchema.parse(response.data);
}

export function useVerifyAuditTrail() {
  return useMutation({ mutationFn: verifyAuditTrail });
}
