import { sql } from 'kysely';
import { claimItemSchema } from '../../../../schemas/entities/claimItem';
import { MAX_DIAGNOSIS_CODES, MAX_DIAGNOSIS_CODES_MESSAGE, normalIcd10Code, suggestedBillingDate } from '../../../domain/billing/claims';
import { conflict, HttpError, invalid } from '../../errors';
import { defineResource, type Trx, type Values, type WriteContext, type WrittenContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';
import { BILLING_PROVIDER_REFUSAL } from './serviceInstances';

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  billing_provider: { table: 'users', tenantColumn: 'tenant_id' },
  service_id: { table: 'services', tenantColumn: 'tenant_id' },
} as const satisfies Record<string, ReferenceTarget>;

/**
 * Claims (spec 002 sections 2 "Claims", 4 and 5): listed per provider, newest date of service
 * first, made by hand or from a claimable service (services/billing/claims.ts makes those of every
 * claimable service by itself). The permission table has claim_items.list, .create and .update: a
 * claim is read with the list key and deleted with the update key. A claim's provider is its
 * patient's; a submitted claim changes only its submitted flag (409 otherwise), and is never
 * deleted. Bulk Mark Submitted is `PUT /claim-items {ids, data: {submitted}}` (routes/claims).
 */
export const claimItems = defineResource({
  name: 'claim-items',
  table: 'claim_items',
  schema: claimItemSchema,
  permission: 'claim_items',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: { read: 'claim_items.list', delete: 'claim_items.update' },
  tenantField: 'tenant_id',
  joins: {
    patient: { table: 'patients', on: 'patient_id' },
    tenant: { table: 'tenants', on: 'tenant_id' },
    billing_provider_user: { table: 'users', on: 'billing_provider' },
  },
  filterable: [
    'id',
    'tenant_id',
    'patient_id',
    'source',
    'service_id',
    'cpt_code',
    'units',
    'submitted',
    'billing_provider',
    'date_of_service',
    'end_date_of_service',
    'suggested_billing_date',
    'created_on',
  ],
  sortable: ['id', 'date_of_service', 'suggested_billing_date', 'created_on', 'cpt_code', 'units', 'submitted', 'patient.user_full_name', 'tenant.name'],
  search: ['patient.user_full_name', 'cpt_code', 'id'],
  defaultSort: { field: 'date_of_service', order: 'desc' },
  patientField: 'patient_id',
  references: REFERENCES,
  prepare: (context) => (context.existing ? changedClaim(context) : newClaim(context)),
  afterWrite: keepSubmitted,
});

/** 409: spec 002 section 4, "Claim item: editable only while not submitted". */
export const SUBMITTED_CLAIM = 'A submitted claim cannot be edited: mark it not submitted first';
const SUBMITTED_CLAIM_DELETE = 'A submitted claim cannot be deleted';
const FROM_SERVICE = 'A claim based on a service takes its patient, code and dates from the service';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** One 422 naming every missing field. */
const missingFields = (fields: readonly string[]) =>
  new HttpError(
    422,
    fields.map((field) => ({ loc: ['body', field], msg: 'Field required', type: 'missing' })),
  );

/**
 * A new claim (spec 002 section 5): from a service, the service (claimable, of the caller's reach)
 * and units, and the patient, code and dates are the service's; by hand, patient, date of service,
 * CPT code, units and note. Its provider is the patient's: internal users must name it (the engine
 * asks them for tenant_id), and another one is refused.
 */
async function newClaim({ trx, access, values }: WriteContext): Promise<Values> {
  const fromService = !blank(values.service_id);
  const source = values.source ?? (fromService ? 'based_on_service' : 'manual');
  if (source === 'manual' && fromService) throw invalid(['body', 'source'], 'A claim that names a service is based on it (based_on_service)');
  let claim: Values = { ...normalized(values), source };
  if (source === 'based_on_service') {
    if (!fromService) throw missingFields(['service_id']);
    const columns = ['patient_id', 'cpt_code', 'start_date', 'end_date', 'claimable', 'units'];
    const service = await visibleReference(trx, access, REFERENCES.service_id, values.service_id, ['body', 'service_id'], columns);
    if (!service.claimable || Number(service.units) < 1) throw invalid(['body', 'service_id'], 'The service is not billable: it has earned no unit');
    if (values.patient_id !== undefined && values.patient_id !== service.patient_id) throw invalid(['body', 'patient_id'], FROM_SERVICE);
    // One claim per service (the unique index of migration 0022), said as such rather than as a key.
    const held = await trx
      .selectFrom('claim_items')
      .select('id')
      .where('source', '=', 'based_on_service')
      .where('patient_id', '=', service.patient_id)
      .where('cpt_code', '=', service.cpt_code)
      .where('date_of_service', '=', service.start_date)
      .executeTakeFirst();
    if (held) throw conflict('The service already has a claim');
    claim = {
      ...claim,
      patient_id: service.patient_id,
      cpt_code: service.cpt_code,
      date_of_service: service.start_date,
      end_date_of_service: service.end_date,
    };
  } else {
    const missing = ['patient_id', 'date_of_service', 'cpt_code', 'units', 'note'].filter((field) => blank(values[field]));
    if (missing.length > 0) throw missingFields(missing);
  }
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, claim.patient_id, ['body', 'patient_id']);
  // A provider user's is their own (the engine forces it), and they see only their own patients.
  if (claim.tenant_id !== patient.tenant) throw invalid(['body', 'tenant_id'], "The provider must be the patient's provider");
  if (blank(claim.suggested_billing_date)) claim.suggested_billing_date = suggestedBillingDate(String(claim.date_of_service));
  await checkClaim(trx, access, claim, null);
  return claim;
}

/**
 * An edit: nothing but the submitted flag changes on a submitted claim (409); the patient, the
 * source and the service stay; a claim from a service keeps the service's code and dates; the
 * suggested billing date may not be cleared (spec 002 section 5, "Claim edit").
 */
async function changedClaim({ trx, access, values, existing }: WriteContext): Promise<Values> {
  const before = existing!;
  const changes = normalized(values);
  const changed = Object.keys(changes).filter((field) => !same(changes[field], before[field]));
  if (before.submitted === true && changed.some((field) => field !== 'submitted')) throw conflict(SUBMITTED_CLAIM);
  for (const field of ['patient_id', 'source', 'service_id'] as const) {
    if (changed.includes(field)) throw invalid(['body', field], 'A claim keeps its patient, source and service');
  }
  if (before.source === 'based_on_service') {
    for (const field of ['cpt_code', 'date_of_service', 'end_date_of_service']) if (changed.includes(field)) throw invalid(['body', field], FROM_SERVICE);
  }
  if ('suggested_billing_date' in changes && blank(changes.suggested_billing_date)) throw missingFields(['suggested_billing_date']);
  const only = Object.fromEntries(changed.map((field) => [field, changes[field]]));
  await checkClaim(trx, access, { ...before, ...only }, before, only);
  return changes;
}

/** The body with its diagnosis codes written as the release writes them, each once. */
function normalized(values: Values): Values {
  if (!Array.isArray(values.icd10_ids)) return values;
  const codes = (values.icd10_ids as string[]).map(normalIcd10Code);
  if (codes.length > MAX_DIAGNOSIS_CODES) throw invalid(['body', 'icd10_ids'], MAX_DIAGNOSIS_CODES_MESSAGE);
  return { ...values, icd10_ids: [...new Set(codes)] };
}

/**
 * The rules of a claim as it will be: the dates in order, a CPT code of the code set in force on
 * the date of service (spec 002 section 9, "Claim CPT choices": the code set's codes, which hold
 * 98975 to 98981 too), diagnosis codes of the newest ICD-10-CM release (codes the claim already
 * holds stay valid), and a billing provider who is a provider user with an NPI number. `changed`
 * holds the fields an edit changes (everything, for a create).
 */
async function checkClaim(trx: Trx, access: WriteContext['access'], claim: Values, before: Values | null, changed: Values = claim) {
  const start = String(claim.date_of_service);
  if (typeof claim.end_date_of_service === 'string' && claim.end_date_of_service < start) {
    throw invalid(['body', 'end_date_of_service'], 'The end of the service cannot be before its date');
  }
  if ('cpt_code' in changed || 'date_of_service' in changed) {
    const code = await trx
      .selectFrom('billing_codes')
      .select('code')
      .where('code', '=', String(claim.cpt_code))
      .where('effective_from', '<=', start)
      .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', start)]))
      .executeTakeFirst();
    if (!code) throw invalid(['body', 'cpt_code'], 'Not a CPT code of the code set on the date of service');
  }
  if (Array.isArray(changed.icd10_ids)) {
    const held = new Set((before?.icd10_ids as string[] | undefined) ?? []);
    const asked = (changed.icd10_ids as string[]).filter((code) => !held.has(code));
    const known = asked.length
      ? await trx
          .selectFrom('icd10_codes')
          .select('code')
          .where('release', '=', sql<number>`(select max(release) from icd10_codes)`)
          .where('code', 'in', asked)
          .execute()
      : [];
    const found = new Set(known.map((row: { code: string }) => row.code));
    const index = (changed.icd10_ids as string[]).findIndex((code) => !held.has(code) && !found.has(code));
    if (index >= 0) throw invalid(['body', 'icd10_ids', index], 'Not an ICD-10-CM code');
  }
  if (!blank(changed.billing_provider)) {
    const columns = ['role', 'is_provider', 'npi_number'];
    const user = await visibleReference(trx, access, REFERENCES.billing_provider, changed.billing_provider, ['body', 'billing_provider'], columns);
    if (user.role === 'patient' || !user.is_provider || !user.npi_number) throw invalid(['body', 'billing_provider'], BILLING_PROVIDER_REFUSAL);
  }
}

/** A submitted claim has been sent to the payer: it stays (the delete's transaction rolls back). */
async function keepSubmitted({ action, before }: WrittenContext) {
  if (action === 'delete' && before?.submitted === true) throw conflict(SUBMITTED_CLAIM_DELETE);
}
