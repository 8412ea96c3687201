import { idSchema } from '@caredesk/shared';

/** A malformed id in the URL is "not found" without asking the server. */
export function isPatientId(id: string): boolean {
  return idSchema.safeParse(id).success;
}
