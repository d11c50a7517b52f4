import { sql } from 'kysely';
import { allergyIntoleranceSchema } from '../../../../schemas/entities/allergyIntolerance';
import { carePlanSchema } from '../../../../schemas/entities/carePlan';
import { conditionSchema } from '../../../../schemas/entities/condition';
import { encounterSchema } from '../../../../schemas/entities/encounter';
import { medicationStatementSchema } from '../../../../schemas/entities/medicationStatement';
import { normalIcd10Code } from '../../../domain/billing/claims';
import { MEDICATION_UPDATE_REASONS, PRODUCT_SOURCE, medicationEditable } from '../../../domain/clinical/medicalHistory';
import { conflict, invalid } from '../../errors';
import { defineResource, type Values, type WriteContext, type WrittenContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

/**
 * The medical history (spec 001 sections 3 to 7, README of routes/medicalHistory): conditions,
 * medication statements, allergies and intolerances, encounters, each a list and CRUD under the
 * patient (`/patients/{id}/conditions` ...), and care plans, read here and written by their routes.
 * Like the rest of the clinical record they are read and written with `patients.queue` and audited
 * for the patient. A record belongs to its patient's provider whoever writes it (an internal user too).
 */

const PATIENT = { patient_id: { table: 'patients', tenantColumn: 'tenant_id' } } as const satisfies Record<string, ReferenceTarget>;
const CLINICAL_KEYS = { list: 'patients.queue', read: 'patients.queue', create: 'patients.queue', update: 'patients.queue', delete: 'patients.queue' } as const;

/** Spec 001 section 6: records that came from elsewhere (an EHR, the patient's app) are read, never changed, here. */
export const NOT_PRODUCT_RECORD = 'Only records entered in this console can be changed';
export const MEDICATION_NOT_EDITABLE = 'Only active medications entered in this console can be changed';

/** What every medical-history write shares: the patient is the caller's to reach and stays the same; the row is the patient's provider's. */
async function patientOwned({ trx, access, values, existing, identity }: WriteContext): Promise<Values> {
  if (existing && values.patient_id !== undefined && values.patient_id !== existing.patient_id) {
    throw invalid(['body', 'patient_id'], 'A record cannot move to another patient');
  }
  const patientId = values.patient_id ?? existing?.patient_id;
  const patient = await visibleReference(trx, access, PATIENT.patient_id, patientId, ['body', 'patient_id']);
  const owned: Values = { ...values, tenant_id: patient.tenant, updated_at: new Date() };
  if (!existing) owned.author_id = identity.id;
  return owned;
}

function dateOrder(values: Values, existing: Values | null, start = 'start_date', end = 'end_date') {
  const from = (values[start] === undefined ? existing?.[start] : values[start]) as string | null | undefined;
  const to = (values[end] === undefined ? existing?.[end] : values[end]) as string | null | undefined;
  if (from && to && to < from) throw invalid(['body', end], 'End date must be on or after the start date');
}

/** Changes to a record that is not the product's are refused, whatever they are. */
function productOnly(existing: Values | null, refusal = NOT_PRODUCT_RECORD) {
  if (existing && existing.source !== PRODUCT_SOURCE) throw conflict(refusal);
}

/** Deleting follows the same rule as editing (spec 001 section 6). */
async function productOnlyDelete({ action, before }: WrittenContext) {
  if (action === 'delete') productOnly(before);
}

export const conditions = defineResource({
  name: 'conditions',
  table: 'conditions',
  schema: conditionSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: CLINICAL_KEYS,
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'status', 'source', 'category', 'icd10_id', 'start_date', 'end_date'],
  sortable: ['id', 'start_date', 'end_date', 'name', 'status', 'created_at'],
  search: ['name', 'icd10_id', 'id'],
  defaultSort: { field: 'start_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: PATIENT,
  prepare: condition,
  afterWrite: productOnlyDelete,
});

/**
 * A condition's code must be one of the newest ICD-10-CM release loaded; the record takes its
 * description as its name. Created as the product's diagnosis; an edit needs the start date
 * (spec 001 section 5) and only the product's records are edited.
 */
async function condition(context: WriteContext): Promise<Values> {
  const { trx, values, existing } = context;
  productOnly(existing);
  if (existing && (values.start_date ?? existing.start_date ?? null) === null) throw invalid(['body', 'start_date'], 'Start date is required', 'missing');
  if (existing && values.start_date === null) throw invalid(['body', 'start_date'], 'Start date is required', 'missing');
  dateOrder(values, existing);
  const owned = await patientOwned(context);
  const info = values.additional_info as { icd10_id: string; notes?: string | null } | undefined;
  if (info) {
    const code = normalIcd10Code(info.icd10_id);
    const row = await trx
      .selectFrom('icd10_codes')
      .select(['code', 'description'])
      .where('code', '=', code)
      .where('release', '=', sql<number>`(select max(release) from icd10_codes)`)
      .executeTakeFirst();
    if (!row) throw invalid(['body', 'additional_info', 'icd10_id'], 'Unknown ICD-10-CM code', 'foreign_key');
    const notes = typeof info.notes === 'string' && info.notes.trim() !== '' ? info.notes.trim() : null;
    owned.additional_info = { icd10_id: String(row.code), ...(notes ? { notes } : {}) };
    owned.name = String(row.description);
  }
  if (!existing) Object.assign(owned, { source: PRODUCT_SOURCE, category: 'diagnosis' });
  return owned;
}

export const medicationStatements = defineResource({
  name: 'medication-statements',
  table: 'medication_statements',
  schema: medicationStatementSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: CLINICAL_KEYS,
  // DELETE stops the medication (routes/medicalHistory): the record stays, as the spec's delete does.
  bespokeRoutes: ['delete'],
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'status', 'source', 'category', 'start_date', 'end_date', 'medication_name'],
  sortable: ['id', 'start_date', 'end_date', 'medication_name', 'status', 'created_at'],
  search: ['medication_name', 'id'],
  defaultSort: { field: 'start_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: PATIENT,
  prepare: medicationStatement,
});

/**
 * New medications are the product's, outpatient and active (spec 001 section 4); an edit of an
 * active or in-progress product row records incorrect-details, or status-change when it stops or
 * completes the medication; any other row is refused (copy and re-add it instead).
 */
async function medicationStatement(context: WriteContext): Promise<Values> {
  const { values, existing } = context;
  if (existing && !medicationEditable(existing)) throw conflict(MEDICATION_NOT_EDITABLE);
  dateOrder(values, existing);
  const owned = await patientOwned(context);
  if (!existing) return { ...owned, status: 'active', source: PRODUCT_SOURCE, category: 'outpatient', update_reason: null };
  const stops =
    values.status !== undefined && values.status !== existing.status && !medicationEditable({ source: PRODUCT_SOURCE, status: values.status as string });
  owned.update_reason = stops ? MEDICATION_UPDATE_REASONS[1] : MEDICATION_UPDATE_REASONS[0];
  return owned;
}

export const allergyIntolerances = defineResource({
  name: 'allergy-intolerances',
  table: 'allergy_intolerances',
  schema: allergyIntoleranceSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: CLINICAL_KEYS,
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'category', 'status', 'reaction_severity', 'source', 'onset_date'],
  sortable: ['id', 'onset_date', 'substance_name', 'created_at'],
  search: ['substance_name', 'id'],
  defaultSort: { field: 'onset_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: PATIENT,
  prepare: allergy,
  afterWrite: async (context) => {
    await productOnlyDelete(context);
    if (context.action === 'create') await clearNoKnownAllergies(context);
  },
});

/** The substance and reactions keep the SNOMED CT system; reactions are distinct; only the product's rows change. */
async function allergy(context: WriteContext): Promise<Values> {
  const { values, existing } = context;
  productOnly(existing);
  const owned = await patientOwned(context);
  const system = 'http://snomed.info/sct';
  if (values.substance) owned.substance = { ...values.substance, system };
  if (values.reaction) {
    const reactions = values.reaction as { code: string; display: string }[];
    if (new Set(reactions.map((r) => r.code)).size !== reactions.length) throw invalid(['body', 'reaction'], 'Each reaction may be listed once');
    owned.reaction = reactions.map((r) => ({ ...r, system }));
  }
  if (typeof values.notes === 'string') owned.notes = values.notes.trim() === '' ? null : values.notes.trim();
  if (!existing) owned.source = PRODUCT_SOURCE;
  return owned;
}

/** Spec 001 section 4: "Setting no-known-allergies and adding an allergy are mutually exclusive (adding removes the flag)." */
async function clearNoKnownAllergies({ trx, after }: WrittenContext) {
  await trx
    .updateTable('patients')
    .set({ profile: sql`jsonb_set(coalesce(profile, '{}'::jsonb), '{no_known_allergies}', 'false'::jsonb)` })
    .where('id', '=', after?.patient_id as number)
    .where(sql<boolean>`coalesce((profile->>'no_known_allergies')::boolean, false)`)
    .execute();
}

export const encounters = defineResource({
  name: 'encounters',
  table: 'encounters',
  schema: encounterSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: CLINICAL_KEYS,
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'status', 'encounter_type', 'encounter_class', 'source', 'start_date'],
  sortable: ['id', 'start_date', 'end_date', 'encounter_type', 'status', 'created_at'],
  search: ['department', 'notes', 'id'],
  defaultSort: { field: 'start_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: PATIENT,
  prepare: async (context) => {
    productOnly(context.existing);
    dateOrder(context.values, context.existing);
    const owned = await patientOwned(context);
    if (typeof context.values.notes === 'string') owned.notes = context.values.notes.trim();
    if (owned.notes === '') throw invalid(['body', 'notes'], 'Notes are required', 'missing');
    if (!context.existing) owned.source = PRODUCT_SOURCE;
    return owned;
  },
  afterWrite: productOnlyDelete,
});

/**
 * Care plans, read here (spec 001 section 7: GET care-plans filtered by patient, 10 a page, newest
 * first); created, activated, reviewed and revised by routes/medicalHistory/medicalHistoryRoutes.ts (services/medicalHistory/carePlans.ts).
 */
export const carePlans = defineResource({
  name: 'care-plans',
  table: 'care_plans',
  schema: carePlanSchema,
  permission: 'patients',
  actions: ['list', 'read'],
  keys: { list: 'patients.queue', read: 'patients.queue' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'is_active', 'care_plan_template_id', 'created_at'],
  sortable: ['id', 'created_at', 'activated_at', 'plan_name'],
  search: ['plan_name', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
