import type { Role } from './roles';

/**
 * How far a permission reaches:
 * - `all`: every tenant (internal users; narrowed to listed tenants when their access is tenant_scoped);
 * - `tenant`: rows of the identity's own tenant;
 * - `own`: rows the identity itself owns (its own user record, its own auth log ...).
 * A key that is absent is denied.
 */
export type Scope = 'all' | 'tenant' | 'own';

/** Every permission key the product reads (spec 000 section 6, 001 section 6, 002 section 6) plus the engine's CRUD keys. */
export const PERMISSION_KEYS = [
  'metrics.provider',
  'attendances.use',
  'attendances.list',
  'attendances.edit',
  'availabilities.list',
  'availabilities.create',
  'availabilities.update',
  'patients.queue',
  'patients.list',
  'patients.read',
  'patients.create',
  'patients.update',
  'patients.delete',
  'patients.export_onboarding',
  'patients.check_consented_to_active_status',
  'patient_groups.list',
  'patient_groups.read',
  'patient_groups.create',
  'patient_groups.update',
  'patient_groups.delete',
  'care_teams.list',
  'care_teams.read',
  'care_teams.create',
  'care_teams.update',
  'care_teams.delete',
  'patient_status_history.list',
  'service_instances.list',
  'service_instances.read',
  'service_instances.create',
  'service_instances.update',
  'service_instances.delete',
  'monitoring_progress.list',
  'monitoring_activities.list',
  'monitoring_activities.create',
  'monitoring_activities.update',
  'tasks.list',
  'tasks.create',
  'tasks.update',
  'tasks.delete',
  'clinical_activities.list',
  // Issue 23: running an activity (start, autosave, complete, discard one's own draft); ours, the spec reads list only.
  'clinical_activities.create',
  'clinical_activities.approve',
  'clinical_activities.delete',
  'clinical_activity_templates.list',
  // Issue 23: building templates (create, edit and clone; promote; delete drafts): the operator's admins.
  'clinical_activity_templates.create',
  'clinical_activity_templates.update',
  'clinical_activity_templates.delete',
  'voice_calls.list',
  'voice_calls.create',
  'reports.list',
  // Issue 19: a report is read and generated (POST reports) by the operator's admins.
  'reports.read',
  'reports.create',
  'devices.list',
  'devices.read',
  'devices.create',
  'devices.update',
  'devices.delete',
  'devices.set_owner',
  'device_activities.list',
  'device_activities.create',
  'locations.list',
  'locations.read',
  'locations.create',
  'locations.update',
  'locations.delete',
  'locations.set_owner',
  'claim_items.list',
  'claim_items.create',
  'claim_items.update',
  'users.list',
  'users.read',
  'users.create',
  'users.update',
  'users.delete',
  'internal_users.list',
  'internal_users.update',
  'tenants.list',
  'tenants.read',
  'tenants.create',
  'tenants.update',
  'tenants.delete',
  'tenants.billing',
  'tenants.invoices',
  'tenants.offboard',
  'support_tickets.list',
  // Issue 18: a ticket's page and Mark Closed (spec 002 sections 2, 4 "Support ticket").
  'support_tickets.read',
  'support_tickets.update',
  // Issue 18: an internal user's reimbursement rates (the Reimbursement tab; spec 002 section 7 "Users").
  'reimbursement_rates.list',
  'reimbursement_rates.read',
  'reimbursement_rates.create',
  'reimbursement_rates.update',
  'data_export.list',
  'data_export.delete',
  'data_export.validate',
  'audit_logs.list',
  // Recompute the audit trail's hash chain (GET /api/audit-logs/verify): internal admins only.
  'audit_logs.verify',
  'auth_logs.list',
  // Issue 21, Screen Studio: edit and preview screen definitions (drafts), and publish them (releases, rollbacks).
  'screens.edit',
  'screens.publish',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

type Grants = Partial<Record<PermissionKey, Scope>>;

const everything = (scope: Scope): Grants => Object.fromEntries(PERMISSION_KEYS.map((k) => [k, scope]));
const grant = (scope: Scope, keys: readonly PermissionKey[]): Grants => Object.fromEntries(keys.map((k) => [k, scope]));

/** What a clinician does with patients, wherever it works. */
const CLINICAL: readonly PermissionKey[] = [
  'patients.queue',
  'patients.list',
  'patients.read',
  'patients.update',
  'patients.check_consented_to_active_status',
  'patient_groups.list',
  // Clinicians organise their patients in groups and keep care teams; deleting a group is an admin's.
  'patient_groups.read',
  'patient_groups.create',
  'patient_groups.update',
  'care_teams.list',
  'care_teams.read',
  'care_teams.create',
  'care_teams.update',
  'care_teams.delete',
  // Enrolment: the status history and the care programs a clinician keeps (deleting one is an admin's).
  'patient_status_history.list',
  'service_instances.list',
  'service_instances.read',
  'service_instances.create',
  'service_instances.update',
  'monitoring_progress.list',
  'monitoring_activities.list',
  'monitoring_activities.create',
  'monitoring_activities.update',
  // Tasks (spec 001 names only tasks.list): whoever sees tasks adds, edits, completes and reopens them;
  // deleting one is an admin's: the provider's admin and the three internal admin roles (roles.ts ADMIN_ROLES).
  'tasks.list',
  'tasks.create',
  'tasks.update',
  'clinical_activities.list',
  'clinical_activities.create',
  'voice_calls.list',
  'voice_calls.create',
  'devices.list',
  'devices.read',
  'device_activities.list',
  'device_activities.create',
  'locations.list',
  'locations.read',
  'users.list',
  'users.read',
  'data_export.list',
];

/**
 * The role model: role -> permission key -> scope. The server enforces it on every call;
 * the console only hides what it denies. Patients hold nothing: they are refused at sign-in.
 */
export const PERMISSIONS: Record<Role, Grants> = {
  superadmin: everything('all'),
  internal_admin: everything('all'),
  internal_billing_admin: {
    ...grant('all', [
      ...CLINICAL,
      'metrics.provider',
      'attendances.use',
      'attendances.list',
      'patients.create',
      'patients.export_onboarding',
      'service_instances.delete',
      'tasks.delete',
      'reports.list',
      'reports.read',
      'reports.create',
      'devices.update',
      'devices.set_owner',
      'claim_items.list',
      'claim_items.create',
      'claim_items.update',
      'internal_users.list',
      'tenants.list',
      'tenants.read',
      // Issue 17: the billing admin sets up a new provider's billing from its creation on.
      'tenants.create',
      'tenants.update',
      'tenants.billing',
      'tenants.invoices',
      'support_tickets.list',
      'support_tickets.read',
      'support_tickets.update',
      // Issue 18: the internal user's edit tabs (Roles' provider access, Locations, Reimbursement).
      'internal_users.update',
      'reimbursement_rates.list',
      'reimbursement_rates.read',
      'reimbursement_rates.create',
      'reimbursement_rates.update',
      'audit_logs.list',
      'auth_logs.list',
    ]),
    // Issue 19: a tracked user keeps its own calendar (My Availability); /availability, everyone's, is the two top roles'.
    ...grant('own', ['availabilities.list', 'availabilities.create', 'availabilities.update']),
  },
  internal_clinician: {
    ...grant('all', [
      ...CLINICAL,
      'attendances.use',
      'tenants.list',
      'tenants.read',
      // Issue 18: whoever lists support tickets opens and closes them.
      'support_tickets.list',
      'support_tickets.read',
      'support_tickets.update',
    ]),
    // Issue 19: My Attendance lists its own records (attendances.use checks in and out).
    ...grant('own', ['availabilities.list', 'availabilities.create', 'availabilities.update', 'attendances.list']),
    'auth_logs.list': 'own',
  },
  // Issue 21: edits and previews screens; an admin publishes them (the review). No patient data.
  product_analyst: grant('all', ['screens.edit']),
  admin: {
    ...grant('tenant', [
      ...CLINICAL,
      'patients.create',
      'patients.delete',
      'patient_groups.delete',
      'service_instances.delete',
      'tasks.delete',
      'patients.export_onboarding',
      'devices.create',
      'devices.update',
      'locations.create',
      'locations.update',
      'locations.delete',
      'claim_items.list',
      'claim_items.create',
      'claim_items.update',
      'users.create',
      'users.update',
      'tenants.read',
      'tenants.billing',
      'tenants.invoices',
      // Issue 18: the Security tab of the users it edits (its provider's), and its own log.
      'auth_logs.list',
      // Issue 19: its own organization's figures on Home (and /provider-analytics for its provider).
      'metrics.provider',
    ]),
  },
  clinician: {
    ...grant('tenant', [...CLINICAL, 'claim_items.list', 'tenants.read']),
    'auth_logs.list': 'own',
  },
  staff: {
    ...grant('tenant', [
      'patients.list',
      'patients.read',
      'patients.create',
      'patients.update',
      // Onboarding staff consent patients and recheck their activation; care programs they only see.
      'patients.check_consented_to_active_status',
      'patient_status_history.list',
      'service_instances.list',
      'service_instances.read',
      'patient_groups.list',
      'patient_groups.read',
      'care_teams.list',
      'care_teams.read',
      // Onboarding staff work their tasks like the clinicians (CLINICAL); deleting one is an admin's.
      'tasks.list',
      'tasks.create',
      'tasks.update',
      // Devices and locations are looked up (device pages, pickers) and device issues reported; adding,
      // changing and assigning devices and managing locations stay with the admin (README, Roles).
      'devices.list',
      'devices.read',
      'device_activities.list',
      'device_activities.create',
      'locations.list',
      'locations.read',
      'users.list',
      'users.read',
      'tenants.read',
    ]),
    'auth_logs.list': 'own',
  },
  patient: {},
};

/**
 * What an operator may grant one user beyond their role (issue 21): a product analyst publishes
 * screens through an admin's review unless their account's `may_publish_screens` is set. Each
 * grant names the account flag, the one role it applies to, and the key it grants with scope all.
 */
export const USER_GRANTS = [{ flag: 'may_publish_screens', role: 'product_analyst', key: 'screens.publish' }] as const satisfies readonly {
  flag: string;
  role: Role;
  key: PermissionKey;
}[];

export type GrantFlag = (typeof USER_GRANTS)[number]['flag'];

/** The keys an account's flags grant it beyond its role (none where the flag does not apply to the role). */
export function grantsOf(role: Role, flags: Readonly<Partial<Record<GrantFlag, boolean | null>>>): PermissionKey[] {
  return USER_GRANTS.filter((grant) => grant.role === role && flags[grant.flag] === true).map((grant) => grant.key);
}

export interface PermissionSubject {
  role: Role;
  is_internal: boolean;
  /** Keys granted to this account beyond its role (grantsOf), with scope all. */
  grants?: readonly PermissionKey[] | undefined;
}

/** The permission map sent to the console by GET /permissions: each granted key with its scope (a Scope), plus is_internal and role. */
export function permissionMap(subject: PermissionSubject): Record<string, string | boolean> {
  const granted = Object.fromEntries((subject.grants ?? []).map((key) => [key, 'all']));
  return { ...granted, ...PERMISSIONS[subject.role], is_internal: subject.is_internal, role: subject.role };
}

/** The scope a role holds for a key, or undefined when denied. */
export function scopeOf(role: Role, key: PermissionKey): Scope | undefined {
  return PERMISSIONS[role][key];
}

/** The scope an account holds for a key: its role's, else `all` where the key is granted to it. */
export function scopeFor(subject: Pick<PermissionSubject, 'role' | 'grants'>, key: PermissionKey): Scope | undefined {
  return scopeOf(subject.role, key) ?? (subject.grants?.includes(key) ? 'all' : undefined);
}
