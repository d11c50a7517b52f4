import type { FastifyInstance } from 'fastify';
import type { ApiAnswer } from './resources.helpers';

/**
 * Fixtures of the clinical record's tests (clinicalRecord.*.test.ts): a fresh patient of a provider
 * with a device of its own, whose readings are written as the devices write them (device_activities
 * `measurement` events, which migration 0025's trigger copies to observations), and symptoms as the
 * patient reports them (observations of category 'survey'). Every number a test expects is then
 * computed from rows the test wrote itself, not from the demo data.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** The demo providers' time zone (src/server/db/seed/seed.ts). */
export const DEMO_ZONE = 'America/Chicago';

let counter = 0;

/** A fresh active patient of the provider, with no readings, runs or symptoms. */
export async function newPatient(app: FastifyInstance, tenantId: number, primaryCondition: string | null = 'HeartFailure'): Promise<number> {
  counter += 1;
  const user = await app.db
    .insertInto('users')
    .values({
      email: `clinical.${counter}.${Date.now()}@patients.example`,
      first_name: 'Clinical',
      last_name: `Fixture${counter}`,
      role: 'patient',
      tenant_id: tenantId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await app.db
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: 'active', birthdate: '1950-01-01', primary_condition: primaryCondition })
    .returning('id')
    .executeTakeFirstOrThrow();
  return patient.id;
}

/** A device of the provider assigned to the patient. */
export async function newDevice(app: FastifyInstance, tenantId: number, patientId: number): Promise<number> {
  counter += 1;
  const device = await app.db
    .insertInto('devices')
    .values({
      tenant_id: tenantId,
      patient_id: patientId,
      device_manufacturer: 'other',
      device_type: 'blood_pressure',
      external_id: `clinical-${counter}-${Date.now()}`,
      assigned_on: new Date(Date.now() - 400 * DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return device.id;
}

export interface Reading {
  at: Date;
  name: string;
  value: number;
  /** Blood pressure: the diastolic (value is the systolic). */
  value2?: number;
  unit?: string;
}

/** The device's measurement events, one per reading, in the order given; the ids of the observations they became, in the same order. */
export async function addReadings(
  app: FastifyInstance,
  device: { id: number; tenantId: number; patientId: number },
  readings: readonly Reading[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const reading of readings) {
    const item =
      reading.name === 'blood_pressure'
        ? {
            name: 'blood_pressure',
            value: `${reading.value}/${reading.value2}`,
            systolic: reading.value,
            diastolic: reading.value2,
            unit: { text: reading.unit ?? 'mmHg' },
          }
        : { name: reading.name, value: reading.value, unit: { text: reading.unit ?? 'bpm' } };
    const activity = await app.db
      .insertInto('device_activities')
      .values({
        device_id: device.id,
        tenant_id: device.tenantId,
        patient_id: device.patientId,
        activity_type: 'measurement',
        value: JSON.stringify([item]),
        created_on: reading.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const observation = await app.db.selectFrom('observations').select('id').where('device_activity_id', '=', activity.id).executeTakeFirstOrThrow();
    ids.push(Number(observation.id));
  }
  return ids;
}

/** Self-reported symptom severities (1 to 10), as the patient app stores them. */
export async function addSymptoms(
  app: FastifyInstance,
  patient: { tenantId: number; patientId: number },
  symptoms: readonly { at: Date; name: string; severity: number }[],
): Promise<void> {
  await app.db
    .insertInto('observations')
    .values(
      symptoms.map((s) => ({
        tenant_id: patient.tenantId,
        patient_id: patient.patientId,
        name: s.name,
        category: 'survey',
        source: 'patient',
        timestamp: s.at,
        value: s.severity,
      })),
    )
    .execute();
}

/** The audit rows a request wrote (by its x-request-id). */
export const auditOf = (app: FastifyInstance, answer: ApiAnswer) =>
  app.db.selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).orderBy('id').execute();

/** An unauthenticated call. */
export const anonymous = async (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) => {
  const response = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body }) });
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
};

export const userId = async (app: FastifyInstance, email: string) =>
  (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/**
 * The 7-day moving average of a series, written here from its definition (spec 001 section 9; the
 * contract: the mean of the points with x in (x − 7 days, x]), independently of the domain's code.
 */
export function expectedBaseline(points: readonly { x: string; y: number; y2?: number | null }[]): { x: string; y: number; y2?: number | null }[] {
  return points.map((point) => {
    const time = Date.parse(point.x);
    const window = points.filter((p) => Date.parse(p.x) <= time && Date.parse(p.x) > time - 7 * DAY_MS);
    const y = window.reduce((sum, p) => sum + p.y, 0) / window.length;
    if (point.y2 === undefined || point.y2 === null) return { x: point.x, y };
    const seconds = window.map((p) => p.y2).filter((v): v is number => typeof v === 'number');
    return { x: point.x, y, y2: seconds.reduce((sum, v) => sum + v, 0) / seconds.length };
  });
}
