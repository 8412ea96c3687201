import { canAccessArea, type MenuArea, type StaffRole } from '@caredesk/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { ForbiddenError } from './errors.js';
import { staffOf } from './auth.js';

/**
 * Authorisation from the navigation table in packages/shared: a route of an area is open to
 * exactly the accounts whose sidebar shows that area, so the menu and the API cannot disagree.
 * Runs after `authenticate`.
 */
export function requireArea(area: MenuArea): preHandlerAsyncHookHandler {
  return async function checkArea(request) {
    const caller = staffOf(request);
    if (!canAccessArea(caller.organisationType, caller.role, area)) throw new ForbiddenError();
  };
}

/** Staff management, organisation settings, plan purchase and wallet recharge are ADMIN only. */
export function requireRole(role: StaffRole): preHandlerAsyncHookHandler {
  return async function checkRole(request) {
    if (staffOf(request).role !== role) throw new ForbiddenError('Only an administrator can do this');
  };
}
