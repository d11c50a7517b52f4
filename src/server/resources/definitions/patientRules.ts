import { sql } from 'kysely';
import { patientFormIssues, utcDay } from '../../../domain/patientForm';
import { mergeProfile } from '../../../domain/patientFormProfile';
import { conflict, HttpError, invalid } from '../../errors';
import type { Access } from '../access';
import type { Trx, Values, WriteContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

type Account = Values & { first_name?: string; last_name?: string };

/** The rows a patient names: its billing provider and expected onboarding user are staff, its locations those of its provider. */
export const PATIENT_REFERENCES = {
  billing_provider_id: { table: 'users', tenantColumn: 'tenant_id' },
  facility_location_id: { table: 'locations', tenantColumn: 'tenant_id' },
  onboarding_appointment_location_id: { table: 'locations', tenantColumn: 'tenant_id' },
  expected_onboarding_user_id: { table: 'users', tenantColumn: 'tenant_id' },
} as const satisfies Record<string, ReferenceTarget>;

/** Add Patient payload extras that are no column (schemas/entities/patient.ts): taken out here, acted on by patientCreate.ts. */
const CREATE_EXTRAS = ['role', 'create_one_time_password', 'is_patient_consented'] as const;

/** Lists the API keeps as empty lists rather than null (their columns are `not null default`). */
const EMPTY_WHEN_NULL = { eligible_devices: [], insurances: [] } as const;

/**
 * The domain rules of a patient write (spec 001 sections 4, 5 and 7), after the engine has forced
 * the tenant and before the rows are written:
 * - care_plan is ignored (it changes through care plans) and the status never changes here;
 * - the Add Patient extras are no columns, and only a create takes them;
 * - the profile change is merged into the stored profile (null clears, risk_factors null is []);
 * - the form's rules (birthdate, height, weight, "greater than 0") hold for the merged record, else
 *   one 422 naming every field;
 * - the billing provider and the expected onboarding user are staff of the patient's provider;
 * - no other patient of the provider has the same first name, last name and birthdate (409 whose
 *   text holds 'Key', which the console reads as 'Patient already exists.').
 */
export async function preparePatientWrite({ trx, values, existing, access }: WriteContext): Promise<Values> {
  const { care_plan: _ignored, role: _role, create_one_time_password: _otp, is_patient_consented: _consented, ...rest } = values;
  const extra = existing ? CREATE_EXTRAS.find((name) => name in values) : undefined;
  if (extra) throw invalid(['body', extra], 'Only accepted when a patient is added', 'extra_forbidden');
  const prepared: Values = { ...rest };
  for (const [field, empty] of Object.entries(EMPTY_WHEN_NULL)) if (prepared[field] === null) prepared[field] = empty;
  if (prepared.virtual_enrollment === null) prepared.virtual_enrollment = false;
  if ('profile' in prepared || !existing) prepared.profile = mergeProfile(existing?.profile, prepared.profile);

  const merged = { ...existing, ...prepared, user: { ...(existing?.user as Account | undefined), ...(prepared.user as Account | undefined) } };
  const issues = patientFormIssues(merged, utcDay(new Date()));
  if (issues.length > 0) {
    throw new HttpError(
      422,
      issues.map((issue) => ({ loc: ['body', ...issue.path.split('.')], msg: issue.message, type: 'value_error' })),
    );
  }
  for (const field of ['billing_provider_id', 'expected_onboarding_user_id'] as const) {
    if (field in prepared && prepared[field] !== null) await requireStaff(trx, access, field, prepared[field]);
  }
  if (identityChanged(prepared) || !existing) await refuseDuplicate(trx, merged, existing);
  return prepared;
}

/**
 * A patient account is no billing provider nor onboarding user. Said only of a user the caller sees
 * (else the answer is the one of a missing user): the engine resolved the body's references first.
 */
async function requireStaff(trx: Trx, access: Access, field: 'billing_provider_id' | 'expected_onboarding_user_id', id: unknown) {
  const user = await visibleReference(trx, access, PATIENT_REFERENCES[field], id, ['body', field], ['role']);
  if (user.role === 'patient') throw invalid(['body', field], 'Must be a staff member of the provider', 'foreign_key');
}

const identityChanged = (values: Values) => {
  const user = (values.user ?? {}) as Account;
  return 'birthdate' in values || 'tenant_id' in values || 'first_name' in user || 'last_name' in user;
};

async function refuseDuplicate(trx: Trx, patient: Values & { user: Account }, existing: Values | null) {
  const { first_name: first, last_name: last } = patient.user;
  if (typeof first !== 'string' || typeof last !== 'string' || typeof patient.birthdate !== 'string') return;
  let query = trx
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('p.id')
    .where('p.tenant_id', '=', patient.tenant_id)
    .where('p.birthdate', '=', patient.birthdate)
    .where(sql`lower(u.first_name)`, '=', first.trim().toLowerCase())
    .where(sql`lower(u.last_name)`, '=', last.trim().toLowerCase());
  if (existing) query = query.where('p.id', '<>', existing.id);
  // The names and the birthdate are patient data: the text names the key, never the values.
  if (await query.executeTakeFirst()) throw conflict('Key (first_name, last_name, birthdate) already exists.');
}
