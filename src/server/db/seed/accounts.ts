import type { Insertable } from 'kysely';
import type { Users } from '../schema';

/** The two demo providers; their slugs name the provider accounts (admin@{slug}.demo.example ...). */
export const DEMO_PROVIDERS = [
  { slug: 'northwind', name: 'Northwind Clinic' },
  { slug: 'lakeside', name: 'Lakeside Health' },
] as const;

/** A staff account: every one has an e-mail (only patient accounts may lack one). */
type Account = Omit<Insertable<Users>, 'password_hash' | 'email'> & { email: string };

/** The operator's demo accounts (internal users have no tenant). */
export const INTERNAL_ACCOUNTS: Account[] = [
  { email: 'superadmin@demo.example', first_name: 'Sam', last_name: 'Superadmin', role: 'superadmin', staff_type: 'supervisor' },
  {
    email: 'internal.admin@demo.example',
    first_name: 'Ines',
    last_name: 'Admin',
    role: 'internal_admin',
    staff_type: 'supervisor',
    attendance_tracking_enabled: true,
  },
  { email: 'internal.billing@demo.example', first_name: 'Bill', last_name: 'Ledger', role: 'internal_billing_admin', staff_type: 'support_staff' },
  {
    email: 'internal.clinician@demo.example',
    first_name: 'Clara',
    last_name: 'Nightingale',
    role: 'internal_clinician',
    staff_type: 'registered_nurse',
    is_provider: true,
    npi_number: '1234567893',
    credentials: 'RN',
    enabled_care_program_types: ['rpm', 'ccm'],
    attendance_tracking_enabled: true,
  },
  { email: 'analyst@demo.example', first_name: 'Priya', last_name: 'Analyst', role: 'product_analyst', staff_type: 'support_staff' },
];

/** Staff of one demo provider: the three demo accounts first, then colleagues that make the lists realistic. */
export function providerAccounts(slug: string): Account[] {
  const npi = slug === 'northwind' ? '1457389201' : '1639204857';
  return [
    {
      email: `admin@${slug}.demo.example`,
      first_name: 'Alex',
      last_name: slug === 'northwind' ? 'Northam' : 'Lakeman',
      role: 'admin',
      staff_type: 'supervisor',
    },
    {
      email: `clinician@${slug}.demo.example`,
      first_name: 'Robin',
      last_name: slug === 'northwind' ? 'Hale' : 'Shore',
      role: 'clinician',
      staff_type: 'registered_nurse',
      is_provider: true,
      npi_number: npi,
      credentials: 'RN',
      enabled_care_program_types: ['rpm', 'ccm', 'pcm'],
    },
    {
      email: `staff@${slug}.demo.example`,
      first_name: 'Sky',
      last_name: slug === 'northwind' ? 'Porter' : 'Banks',
      role: 'staff',
      staff_type: 'onboarding_staff',
    },
    {
      email: `dr.reyes@${slug}.demo.example`,
      first_name: 'Elena',
      last_name: 'Reyes',
      role: 'clinician',
      staff_type: 'qualified_healthcare_professional',
      is_provider: true,
      npi_number: slug === 'northwind' ? '1588667302' : '1770331294',
      credentials: 'MD',
      enabled_care_program_types: ['rpm', 'ccm'],
    },
    { email: `ma.chen@${slug}.demo.example`, first_name: 'Wei', last_name: 'Chen', role: 'staff', staff_type: 'medical_assistant' },
  ];
}

/** The demo accounts as `npm start` prints them. */
export const DEMO_ACCOUNTS_TEXT = [
  ...INTERNAL_ACCOUNTS.map((a) => `  ${a.email.padEnd(36)} ${a.role}`),
  ...DEMO_PROVIDERS.flatMap(({ slug }) =>
    providerAccounts(slug)
      .slice(0, 3)
      .map((a) => `  ${a.email.padEnd(36)} ${a.role}`),
  ),
  `  ${'patient@northwind.demo.example'.padEnd(36)} patient (refused by the console)`,
].join('\n');
