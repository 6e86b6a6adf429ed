/** Every role an account can have (D1). admin is granted by an operator, never self-registered (D2). */
export const ROLES = [
  'fan',
  'musician',
  'band',
  'venue',
  'promoter',
  'artist_manager',
  'rehearsal_space',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

export const REGISTERABLE_ROLES = [
  'fan',
  'musician',
  'band',
  'venue',
  'promoter',
  'artist_manager',
  'rehearsal_space',
] as const satisfies readonly Role[];
export type RegisterableRole = (typeof REGISTERABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  fan: 'Fan',
  musician: 'Musician',
  band: 'Band / Artist',
  venue: 'Venue',
  promoter: 'Promoter',
  artist_manager: 'Artist Manager',
  rehearsal_space: 'Rehearsal Space',
  admin: 'Admin',
};

/** Roles an admin may impersonate (spec 2 §4, D3). Never another admin. */
export const IMPERSONATABLE_ROLES = ['band', 'venue', 'promoter', 'fan'] as const satisfies readonly Role[];

export function canBeImpersonated(role: string): boolean {
  return (IMPERSONATABLE_ROLES as readonly string[]).includes(role);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
