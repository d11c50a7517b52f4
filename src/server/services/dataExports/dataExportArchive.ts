import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FileStorage } from '../storage/fileStorage';
import { loadFile } from '../storage/fileStorage';

/** Account fields never written to the archive (secrets, not data about the patient). */
const SECRET_USER_FIELDS = new Set(['password_hash', 'totp_secret', 'totp_last_used_step', 'credentials', 'settings']);

const README = [
  'Patient data export',
  '',
  'patient.json      the patient profile and demographics (the account without passwords or tokens)',
  'readings.csv      every observation: timestamp, name, value, value2, unit, source',
  'notes.csv         monitoring activities (care notes): created_on, type, description, duration in seconds',
  'care_plans.json   the care plans, with their content',
  'medications.csv   medications: name, status, start and end dates, dosage',
  'conditions.csv    conditions: name, ICD-10 code, status, start and end dates',
  'allergies.csv     allergies and intolerances: substance, category, severity, status, onset',
  'documents/        the signed consent form (PDF), when there is one',
  '',
].join('\r\n');

const iso = (value: Date | string | null): string => (value instanceof Date ? value.toISOString() : (value ?? ''));

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: unknown): string {
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const json = (value: unknown) => strToU8(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2));

/**
 * The archive of one patient's data (routes/dataExports/README.md): a zip of JSON and CSV files,
 * the consent form under documents/, and a README.txt. `onProgress` is told 0-90 as parts are read.
 */
export async function buildPatientArchive(
  db: Kysely<DB>,
  storage: FileStorage,
  patientId: number,
  onProgress: (percent: number) => Promise<void> = async () => {},
): Promise<Buffer> {
  const patient = await db.selectFrom('patients').selectAll().where('id', '=', patientId).executeTakeFirstOrThrow();
  const account = await db.selectFrom('users').selectAll().where('id', '=', patient.user_id).executeTakeFirst();
  const user = account ? Object.fromEntries(Object.entries(account).filter(([key]) => !SECRET_USER_FIELDS.has(key))) : null;
  await onProgress(10);

  const readings = await db
    .selectFrom('observations')
    .select(['timestamp', 'name', 'value', 'value2', 'unit_text', 'source'])
    .where('patient_id', '=', patientId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  await onProgress(35);
  const notes = await db
    .selectFrom('monitoring_activities')
    .select(['created_on', 'type', 'description', 'duration'])
    .where('patient_id', '=', patientId)
    .orderBy('created_on')
    .orderBy('id')
    .execute();
  const carePlans = await db.selectFrom('care_plans').selectAll().where('patient_id', '=', patientId).orderBy('created_at').orderBy('id').execute();
  await onProgress(55);
  const [medications, conditions, allergies] = await Promise.all([
    db.selectFrom('medication_statements').selectAll().where('patient_id', '=', patientId).orderBy('id').execute(),
    db.selectFrom('conditions').selectAll().where('patient_id', '=', patientId).orderBy('id').execute(),
    db.selectFrom('allergy_intolerances').selectAll().where('patient_id', '=', patientId).orderBy('id').execute(),
  ]);
  await onProgress(70);

  const documents: Zippable = {};
  if (patient.consent_form_document_id !== null) {
    const document = await db
      .selectFrom('patient_documents')
      .select(['file_id', 'file_name'])
      .where('id', '=', patient.consent_form_document_id)
      .executeTakeFirst();
    const file = document ? await loadFile(db, storage, Number(document.file_id)) : undefined;
    if (file) documents['consent_form.pdf'] = new Uint8Array(file.bytes);
  }
  await onProgress(85);

  const files: Zippable = {
    'README.txt': strToU8(README),
    'patient.json': json({ patient, user }),
    'readings.csv': strToU8(
      toCsv(
        ['timestamp', 'name', 'value', 'value2', 'unit', 'source'],
        readings.map((r) => [iso(r.timestamp), r.name, r.value, r.value2, r.unit_text, r.source]),
      ),
    ),
    'notes.csv': strToU8(
      toCsv(
        ['created_on', 'type', 'description', 'duration'],
        notes.map((n) => [iso(n.created_on), n.type, n.description, n.duration]),
      ),
    ),
    'care_plans.json': json(carePlans),
    'medications.csv': strToU8(
      toCsv(
        ['name', 'status', 'category', 'start_date', 'end_date', 'dosage', 'source'],
        medications.map((m) => [m.medication_name, m.status, m.category, m.start_date, m.end_date, m.dosage, m.source]),
      ),
    ),
    'conditions.csv': strToU8(
      toCsv(
        ['name', 'icd10', 'status', 'category', 'start_date', 'end_date', 'source'],
        conditions.map((c) => [c.name, c.icd10_id, c.status, c.category, c.start_date, c.end_date, c.source]),
      ),
    ),
    'allergies.csv': strToU8(
      toCsv(
        ['substance', 'category', 'reaction_severity', 'status', 'onset_date', 'notes', 'source'],
        allergies.map((a) => [a.substance_name, a.category, a.reaction_severity, a.status, a.onset_date, a.notes, a.source]),
      ),
    ),
    ...(Object.keys(documents).length > 0 ? { documents } : {}),
  };
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date() }));
}
