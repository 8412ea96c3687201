import { homePathFor, type SessionUser } from '@caredesk/shared';

/** Where a signed-in user lands: the first entry of its menu (design.md §4). */
export function homePathOf(user: SessionUser | null): string {
  if (!user) return '/';
  return homePathFor(user.admin.type, user.role);
}
