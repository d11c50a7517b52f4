import type { MenuGroups } from './readMenu';

/**
 * What each demo account must see, written by hand from spec 000 sections 2.1 and 6 and the
 * permission table in src/domain/permissions.ts (deliberately not computed by the console's gate).
 *
 * Reading notes: internal-only items (section 6) never reach provider users; Billing is for
 * non-internal users with tenants.invoices; Providers needs tenants.list at scope `all` (the
 * internal clinician holds it); My Attendance and My Availability need attendance tracking
 * (internal.admin and internal.clinician in the seed); Testing is superadmin outside production
 * (the demo is not production); the Clinical Activities review list is for superadmin and
 * internal_admin; Attendance and Availability for the three admin roles.
 */
export interface ExpectedMenu {
  email: string;
  fullName: string;
  organisation: string;
  sidebar: MenuGroups;
  account: string[];
}

const ALL_PATIENT_MANAGEMENT: [string, string[]] = ['Patient Management', ['Patient Queue', 'Enrollment Queue', 'All Patients', 'Patient Groups']];
const CUSTOMER_SERVICE: [string, string[]] = ['Customer Service', ['Support Tickets', 'Device Issues']];
const INTERNAL_ACCOUNT_MENU = ['Account', 'Enrolled Patients', 'My Voice Calls', 'Feedback', 'Log out'];
const TRACKED_INTERNAL_ACCOUNT_MENU = ['Account', 'My Availability', 'Enrolled Patients', 'My Voice Calls', 'Feedback', 'Log out'];

const providerAdmin = (slug: string, fullName: string, organisation: string): ExpectedMenu => ({
  email: `admin@${slug}.demo.example`,
  fullName,
  organisation,
  sidebar: [
    ['General', ['Home']],
    ['Patient Management', ['Patient Queue', 'All Patients', 'Patient Groups']],
    ['Clinical Operations', ['Tasks', 'Voice Calls']],
    ['Management', ['Devices', 'Claims', 'Users']],
    ['Administrative Tools', ['Billing']],
  ],
  account: ['Account', 'My Voice Calls', 'Log out'],
});

const providerClinician = (slug: string, fullName: string, organisation: string): ExpectedMenu => ({
  email: `clinician@${slug}.demo.example`,
  fullName,
  organisation,
  sidebar: [
    ['General', ['Home']],
    ['Patient Management', ['Patient Queue', 'All Patients', 'Patient Groups']],
    ['Clinical Operations', ['Tasks', 'Voice Calls']],
    ['Management', ['Devices', 'Claims', 'Users']],
  ],
  account: ['Account', 'My Voice Calls', 'Log out'],
});

const providerStaff = (slug: string, fullName: string, organisation: string): ExpectedMenu => ({
  email: `staff@${slug}.demo.example`,
  fullName,
  organisation,
  sidebar: [
    ['General', ['Home']],
    ['Patient Management', ['All Patients', 'Patient Groups']],
    ['Clinical Operations', ['Tasks']],
    ['Management', ['Devices', 'Users']],
  ],
  account: ['Account', 'Log out'],
});

export const EXPECTED_MENUS: ExpectedMenu[] = [
  {
    email: 'superadmin@demo.example',
    fullName: 'Sam Superadmin',
    organisation: 'Care Console',
    sidebar: [
      ['General', ['Home', 'Provider Analytics']],
      ALL_PATIENT_MANAGEMENT,
      ['Clinical Operations', ['Monitoring', 'Tasks', 'Clinical Activities', 'Voice Calls', 'Reports']],
      ['Management', ['Attendance', 'Availability', 'Devices', 'Locations', 'Claims', 'Users']],
      ['Administrative Tools', ['Internal Users', 'Providers', 'Testing', 'Clinical Activity Templates', 'Screen Studio']],
      CUSTOMER_SERVICE,
    ],
    account: INTERNAL_ACCOUNT_MENU,
  },
  {
    email: 'internal.admin@demo.example',
    fullName: 'Ines Admin',
    organisation: 'Care Console',
    sidebar: [
      ['General', ['Home', 'Provider Analytics', 'My Attendance']],
      ALL_PATIENT_MANAGEMENT,
      ['Clinical Operations', ['Monitoring', 'Tasks', 'Clinical Activities', 'Voice Calls', 'Reports']],
      ['Management', ['Attendance', 'Availability', 'Devices', 'Locations', 'Claims', 'Users']],
      ['Administrative Tools', ['Internal Users', 'Providers', 'Clinical Activity Templates', 'Screen Studio']],
      CUSTOMER_SERVICE,
    ],
    account: TRACKED_INTERNAL_ACCOUNT_MENU,
  },
  {
    email: 'internal.billing@demo.example',
    fullName: 'Bill Ledger',
    organisation: 'Care Console',
    sidebar: [
      ['General', ['Home', 'Provider Analytics']],
      ALL_PATIENT_MANAGEMENT,
      ['Clinical Operations', ['Monitoring', 'Tasks', 'Voice Calls', 'Reports']],
      ['Management', ['Attendance', 'Availability', 'Devices', 'Locations', 'Claims', 'Users']],
      ['Administrative Tools', ['Internal Users', 'Providers']],
      CUSTOMER_SERVICE,
    ],
    account: INTERNAL_ACCOUNT_MENU,
  },
  {
    email: 'internal.clinician@demo.example',
    fullName: 'Clara Nightingale',
    organisation: 'Care Console',
    sidebar: [
      ['General', ['Home', 'My Attendance']],
      ALL_PATIENT_MANAGEMENT,
      ['Clinical Operations', ['Monitoring', 'Tasks', 'Voice Calls']],
      ['Management', ['Devices', 'Locations', 'Users']],
      ['Administrative Tools', ['Providers']],
      CUSTOMER_SERVICE,
    ],
    account: TRACKED_INTERNAL_ACCOUNT_MENU,
  },
  {
    // Issue 21: the product analyst holds screens.edit and nothing of patients.
    email: 'analyst@demo.example',
    fullName: 'Priya Analyst',
    organisation: 'Care Console',
    sidebar: [
      ['General', ['Home']],
      ['Administrative Tools', ['Screen Studio']],
    ],
    account: ['Account', 'Enrolled Patients', 'Feedback', 'Log out'],
  },
  providerAdmin('northwind', 'Alex Northam', 'Northwind Clinic'),
  providerAdmin('lakeside', 'Alex Lakeman', 'Lakeside Health'),
  providerClinician('northwind', 'Robin Hale', 'Northwind Clinic'),
  providerClinician('lakeside', 'Robin Shore', 'Lakeside Health'),
  providerStaff('northwind', 'Sky Porter', 'Northwind Clinic'),
  providerStaff('lakeside', 'Sky Banks', 'Lakeside Health'),
];
