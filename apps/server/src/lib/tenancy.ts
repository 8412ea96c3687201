import { canAccessArea, type MenuArea, type StaffRole } from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { ForbiddenError } from './errors.js';
import { staffOf } from './auth.js';

/**
 * Authorisation from the navigation table in packages/shared: a route of an area is open to
 * exactly the accounts whose sidebar shows that area, so the menu and the API cannot disagree.
 * A route two screens share (a doctor's free slots: the booking form and the doctor's page)
 * names both, and is open to an account that sees either. Runs after `authenticate`.
 */
export function requireArea(...areas: [MenuArea, ...MenuArea[]]): preHandlerAsyncHookHandler {
  return async function checkArea(request) {
    const caller = staffOf(request);
    if (!areas.some((area) => canAccessArea(caller.organisationType, caller.role, area))) throw new ForbiddenError();
  };
}

/** Staff management, organisation settings, plan purchase and wallet recharge are ADMIN only. */
export function requireRole(role: StaffRole): preHandlerAsyncHookHandler {
  return async function checkRole(request) {
    if (staffOf(request).role !== role) throw new ForbiddenError('Only an administrator can do this');
  };
}
