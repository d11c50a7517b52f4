/**
 * What the user edit's Roles tab knows of internal roles (spec 002 sections 4 to 6): the roles offered
 * (never superadmin: 'You can't set a user as a superadmin.'), which ones take a patient access level,
 * and the tab's texts (spec 002 section 8).
 */
export interface RoleOption {
  role: string;
  description?: string | null | undefined;
}

export interface TenantUserRole {
  id: number;
  tenant_id: number;
  tenant_name?: string | null;
  start_date?: string | null;
}

export interface UserLocation {
  id: number;
  location_id: number;
  name?: string | null;
  tenant_id?: number | null;
  created_on?: string | null;
}

/** The three admin roles: they see every provider, so a patient access level means nothing for them. */
export const ADMIN_ROLES: readonly string[] = ['superadmin', 'internal_admin', 'internal_billing_admin'];

export const PATIENT_ACCESS_LEVELS = [
  { value: 'all', label: 'All providers' },
  { value: 'tenant_scoped', label: 'Only the providers listed below' },
] as const;

/** Spec 000 section 9 ('Roles cache 60 seconds'). */
export const ROLES_STALE_TIME_MS = 60_000;
/** Spec 002 section 9: tenant roles 20 a page; the location picker 100. */
export const TENANT_ROLES_PER_PAGE = 20;
export const LOCATIONS_PER_PAGE = 100;

export const texts = {
  roleUpdated: (role: string) => `Role updated to ${role}`,
  roleAdded: 'Role added for user',
  locationAdded: 'Location added successfully',
  locationAlreadyAdded: 'Location already added',
  locationAddError: 'Error adding location',
  locationRemoved: 'Location removed successfully',
  locationRemoveError: 'Error removing location',
} as const;

/** The roles a user may be given: never superadmin, whatever the server lists. */
export const offeredRoles = (roles: readonly RoleOption[]): RoleOption[] => roles.filter((option) => option.role !== 'superadmin');

/** Whether the role takes a patient access level (every internal role but the three admin roles). */
export const takesAccessLevel = (role: unknown): boolean => typeof role === 'string' && role !== '' && !ADMIN_ROLES.includes(role);

/** A role code in words: internal_billing_admin -> 'Internal Billing Admin'. */
export const roleLabel = (role: string): string =>
  role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
