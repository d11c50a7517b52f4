/** Every role a user can hold. Internal roles belong to the operator; the others to a provider (tenant). */
/** `product_analyst` (issue 21) changes screen definitions in Screen Studio and sees no patient data. */
export const INTERNAL_ROLES = ['superadmin', 'internal_admin', 'internal_billing_admin', 'internal_clinician', 'product_analyst'] as const;
/** Provider roles. The spec names only `admin`; `clinician` and `staff` are ours (spec 000 section 3). */
export const PROVIDER_ROLES = ['admin', 'clinician', 'staff'] as const;
export const ROLES = [...INTERNAL_ROLES, ...PROVIDER_ROLES, 'patient'] as const;

export type InternalRole = (typeof INTERNAL_ROLES)[number];
export type Role = (typeof ROLES)[number];

/** The three admin roles that may set a patient Active, reset 2FA and see every tenant regardless of access level. */
export const ADMIN_ROLES = ['superadmin', 'internal_admin', 'internal_billing_admin'] as const satisfies readonly InternalRole[];

export const STAFF_TYPES = [
  'supervisor',
  'onboarding_staff',
  'support_staff',
  'medical_assistant',
  'registered_nurse',
  'qualified_healthcare_professional',
] as const;

export function isInternalRole(role: string): role is InternalRole {
  return (INTERNAL_ROLES as readonly string[]).includes(role);
}
