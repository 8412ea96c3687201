// Without zod: the console's first load (the sign-in page, lib/session) reads these, and a
// module with schemas would bring zod along (issue 18). auth.ts has the schemas.

/** SPEC.md §3/§6: DOCTOR and SUPERADMIN are aliases of USER. */
export const roles = ['WORKER', 'ADMIN', 'USER'] as const;
export type Role = (typeof roles)[number];
/**
 * Who signs in to the console. USER (SPEC.md's DOCTOR alias) is a doctor's own account, linked to
 * one doctor record (staff.doctorId): it sees that doctor's consulting room and nothing else.
 */
export const staffRoles = ['WORKER', 'ADMIN', 'USER'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function normaliseRole(raw: string): Role {
  const upper = raw.toUpperCase();
  if (upper === 'ADMIN' || upper === 'WORKER') return upper;
  return 'USER';
}
