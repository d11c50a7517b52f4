import { ADMIN_ROLES } from '../../domain/roles';
import { FEEDBACK_URL } from './externalLinks';
import type { MenuGate } from './menuAccess';

export interface MenuItem {
  label: string;
  path: string;
  gate: MenuGate;
}

export interface MenuGroup {
  id: string;
  label: string;
  collapsedByDefault: boolean;
  items: readonly MenuItem[];
}

const internal = 'internal' as const;

/**
 * The sidebar, group by group and item by item as spec 000 section 2.1 lists them, with the
 * checks of section 6. The two "Clinical Activities" of the spec are told apart by their labels.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    id: 'general',
    label: 'General',
    collapsedByDefault: false,
    items: [
      { label: 'Home', path: '/', gate: {} },
      { label: 'Provider Analytics', path: '/provider-analytics', gate: { roles: ADMIN_ROLES, permission: 'metrics.provider', audience: internal } },
      { label: 'My Attendance', path: '/attendance/my', gate: { permission: 'attendances.use', audience: internal, attendance: true } },
    ],
  },
  {
    id: 'patient-management',
    label: 'Patient Management',
    collapsedByDefault: false,
    items: [
      { label: 'Patient Queue', path: '/patient-queue', gate: { permission: 'patients.queue' } },
      { label: 'Enrollment Queue', path: '/enrollment', gate: { permission: 'patients.list', audience: internal } },
      { label: 'All Patients', path: '/patients', gate: { permission: 'patients.list' } },
      { label: 'Patient Groups', path: '/patient-groups', gate: { permission: 'patient_groups.list' } },
    ],
  },
  {
    id: 'clinical-operations',
    label: 'Clinical Operations',
    collapsedByDefault: false,
    items: [
      { label: 'Monitoring', path: '/monitoring', gate: { permission: 'monitoring_progress.list', audience: internal } },
      { label: 'Tasks', path: '/tasks', gate: { permission: 'tasks.list' } },
      {
        label: 'Clinical Activities',
        path: '/clinical-activity-instances',
        gate: { roles: ['superadmin', 'internal_admin'], permission: 'clinical_activities.list' },
      },
      { label: 'Voice Calls', path: '/voice-calls', gate: { permission: 'voice_calls.list' } },
      { label: 'Reports', path: '/reports', gate: { permission: 'reports.list', audience: internal } },
    ],
  },
  {
    id: 'management',
    label: 'Management',
    collapsedByDefault: false,
    items: [
      { label: 'Attendance', path: '/attendances', gate: { roles: ADMIN_ROLES, permission: 'attendances.list' } },
      { label: 'Availability', path: '/availability', gate: { roles: ADMIN_ROLES, permission: 'availabilities.list', audience: internal } },
      { label: 'Devices', path: '/devices', gate: { permission: 'devices.list' } },
      { label: 'Locations', path: '/locations', gate: { permission: 'locations.list', audience: internal } },
      { label: 'Claims', path: '/claim-items', gate: { permission: 'claim_items.list' } },
      { label: 'Users', path: '/users', gate: { permission: 'users.list' } },
    ],
  },
  {
    id: 'administrative-tools',
    label: 'Administrative Tools',
    collapsedByDefault: true,
    items: [
      { label: 'Internal Users', path: '/internal-users', gate: { permission: 'internal_users.list', audience: internal } },
      { label: 'Providers', path: '/providers', gate: { permission: 'tenants.list', scope: 'all', audience: internal } },
      { label: 'Testing', path: '/testing', gate: { roles: ['superadmin'], audience: internal, devOnly: true } },
      {
        label: 'Clinical Activity Templates',
        path: '/clinical-activities',
        gate: { permission: 'clinical_activity_templates.list', audience: internal },
      },
      // Issue 21: analysts and internal admins change screens without a deploy.
      { label: 'Screen Studio', path: '/screen-studio', gate: { permission: 'screens.edit', audience: internal } },
      { label: 'Billing', path: '/billing', gate: { permission: 'tenants.invoices', audience: 'provider' } },
    ],
  },
  {
    id: 'customer-service',
    label: 'Customer Service',
    collapsedByDefault: true,
    items: [
      { label: 'Support Tickets', path: '/support-tickets', gate: { permission: 'support_tickets.list', audience: internal } },
      { label: 'Device Issues', path: '/device-issues', gate: { permission: 'device_activities.list', audience: internal } },
    ],
  },
];

export interface AccountMenuItem {
  label: string;
  /** A console route, or an external address opened in a new tab. */
  to: { path: string } | { href: string };
  gate: MenuGate;
}

/** The account menu of spec 000 section 2.1 (Log out, always there, is not a link). */
export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  { label: 'Account', to: { path: '/account' }, gate: {} },
  { label: 'My Availability', to: { path: '/account/availability' }, gate: { attendance: true } },
  { label: 'Enrolled Patients', to: { path: '/account/enrolled-patients' }, gate: { audience: internal } },
  { label: 'My Voice Calls', to: { path: '/account/voice-calls' }, gate: { permission: 'voice_calls.create' } },
  // Spec 000 section 1: the feedback link, like the Feedback button, is for internal users.
  { label: 'Feedback', to: { href: FEEDBACK_URL }, gate: { audience: internal } },
];
