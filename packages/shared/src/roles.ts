// Without zod: the console's first load (the sign-in page, lib/session) reads these, and a
// module with schemas would bring zod along (issue 18). auth.ts has the schemas.

/** SPEC.md §3/§6: DOCTOR and SUPERADMIN are aliases of USER. */
export const roles = ['WORKER', 'ADMIN', 'USER'] as const;
export type Role = (typeof roles)[number];
export const staffRoles = ['WORKER', 'ADMIN'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function normaliseRole(raw: string): Role {
  const upper = raw.toUpperCase();
  if (upper === 'ADMIN' || upper === 'WORKER') return upper;
  return 'USER';
}
