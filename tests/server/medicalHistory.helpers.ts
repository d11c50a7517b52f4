import type { FastifyInstance } from 'fastify';
import { RXNORM_SYSTEM, SNOMED_SYSTEM } from '../../src/domain/clinical/medicalHistory';
import type { ApiAnswer } from './resources.helpers';

/**
 * Fixtures of the medical history's tests (medicalHistory.*.test.ts, resources.tenancy.test.ts):
 * a valid body of each record, as the console's forms send them, and rows written straight to the
 * tables, as an import from the provider's EHR or the patient's app would write them.
 */

export type Row = Record<string, unknown>;

/** The four records of the medical history, by their path under /api and /api/patients/{id}. */
export const RECORD_KINDS = ['conditions', 'medication-statements', 'allergy-intolerances', 'encounters'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const TABLE_OF = {
  conditions: 'conditions',
  'medication-statements': 'medication_statements',
  'allergy-intolerances': 'allergy_intolerances',
  encounters: 'encounters',
} as const satisfies Record<RecordKind, string>;
export type RecordTable = (typeof TABLE_OF)[RecordKind];

/** SNOMED CT reactions of the bundled catalogue. */
export const URTICARIA = { code: '126485001', display: 'Urticaria' };
export const REACTIONS = [
  URTICARIA,
  { code: '21522001', display: 'Abdominal pain' },
  { code: '281239006', display: 'Acute asthma' },
  { code: '402387002', display: 'Allergic angioedema' },
] as const;
export const PENICILLIN = { code: '764146007', display: 'Penicillin' };

/** A valid create body of each record (the patient comes from the path, or is added). */
export const BODIES: Record<RecordKind, Row> = {
  conditions: { status: 'active', start_date: '2025-03-01', additional_info: { icd10_id: 'I50.9' } },
  'medication-statements': {
    medication: { name: 'metoprolol tartrate 50 MG Oral Tablet', codes: [{ code: '866514', ...RXNORM_SYSTEM }] },
    dosage: { dose_quantity: { value: 1, unit: 'tablet' }, timing: { frequency: 2, period: 1, periodUnit: 'd' } },
    start_date: '2025-01-10',
  },
  'allergy-intolerances': {
    category: 'medication',
    substance: PENICILLIN,
    reaction: [URTICARIA],
    reaction_severity: 'moderate',
    status: 'active',
    onset_date: '2010-05-01',
  },
  encounters: {
    start_date: '2025-02-01',
    status: 'completed',
    encounter_type: 'routine_checkup',
    encounter_class: 'outpatient',
    department: 'Primary care',
    notes: 'Routine review of readings and medicines',
  },
};

/** The columns of a row written straight to each table (the tenant, the patient and the source added). */
const ROWS: Record<RecordTable, Row> = {
  conditions: { name: 'Heart failure, unspecified', status: 'active', start_date: '2024-01-01', additional_info: JSON.stringify({ icd10_id: 'I50.9' }) },
  medication_statements: {
    medication: JSON.stringify(BODIES['medication-statements'].medication),
    dosage: JSON.stringify(BODIES['medication-statements'].dosage),
    start_date: '2024-01-01',
  },
  allergy_intolerances: {
    category: 'food',
    substance: JSON.stringify({ code: '256349002', display: 'Peanut', system: SNOMED_SYSTEM }),
    reaction: JSON.stringify([{ ...URTICARIA, system: SNOMED_SYSTEM }]),
    reaction_severity: 'mild',
  },
  encounters: { start_date: '2024-01-01', status: 'completed', encounter_type: 'routine_checkup', encounter_class: 'outpatient', notes: 'Imported visit' },
};

/** A row written straight to the table: by default one the provider's EHR sent (source `ehr`). */
export async function insertRecord(
  app: FastifyInstance,
  table: RecordTable,
  { tenantId, patientId, source = 'ehr', ...columns }: { tenantId: number; patientId: number; source?: string } & Row,
): Promise<number> {
  const row = await app.db
    .insertInto(table as 'conditions')
    .values({ tenant_id: tenantId, patient_id: patientId, source, ...ROWS[table], ...columns } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The `detail` of a 422. */
export const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;

/** The day in a time zone, yyyy-mm-dd. */
export const dayIn = (zone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
