import { managesFacilities, type SessionUser } from '@caredesk/shared';

/** Settings > Facilities: administrators of the multi-hospital types only (the API agrees). */
export function canManageFacilities(user: SessionUser | null): boolean {
  return Boolean(user && user.role === 'ADMIN' && managesFacilities(user.admin.type));
}
