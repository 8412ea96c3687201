// Without zod, as roles.ts: what the console's first load (the sign-in page) needs of organisations.

/** SPEC.md §3: the organisation ("admin") types, exactly as the API spells them. */
export const organisationTypes = ['SCAN', 'HOSPITAL', 'MULTIHOSPITAL', 'MULTIHOSPITALANDCARE', 'SCANANDCARE', 'HOSPITALANDCARE'] as const;
export type OrganisationType = (typeof organisationTypes)[number];

/**
 * The sidebar distinguishes only four kinds of account (SPEC.md §2). The spec names
 * scan, multihospital and multihospitalandcare; every other type (HOSPITAL,
 * HOSPITALANDCARE and SCANANDCARE) gets the default menu.
 */
export type AccountKind = 'default' | 'scan' | 'multihospital' | 'multihospitalandcare';

export function accountKindOf(type: OrganisationType): AccountKind {
  switch (type) {
    case 'SCAN':
      return 'scan';
    case 'MULTIHOSPITAL':
      return 'multihospital';
    case 'MULTIHOSPITALANDCARE':
      return 'multihospitalandcare';
    case 'HOSPITAL':
    case 'HOSPITALANDCARE':
    case 'SCANANDCARE':
      return 'default';
  }
}

/** Multi-hospital operators manage several facilities; every other type has exactly one. */
export function managesFacilities(type: OrganisationType): boolean {
  return type === 'MULTIHOSPITAL' || type === 'MULTIHOSPITALANDCARE';
}
