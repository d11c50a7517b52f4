import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PatientExportQuery } from '../../../../schemas/payloads/patientExport';
import { addDays, endOfZonedDay, startOfZonedDay, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { clinicalPatient } from '../clinical/clinicalPatient';
import { patientExportPdf, type ExportNote, type ExportReading } from './patientExportPdf';

const START_DATE = ['query', 'start_date'];

/** The months a patient's export may name: from the registration month to the current month, both `yyyy-mm`, in the provider's zone. */
function exportMonths(registeredAt: Date, now: Date, timeZone: string): { first: string; last: string } {
  return { first: zonedDay(registeredAt, timeZone).slice(0, 7), last: zonedDay(now, timeZone).slice(0, 7) };
}

/** The month a start_date names (`yyyy-mm`), or 422 when it is not the first day of a month of the patient's. */
function exportMonth(startDate: string, months: { first: string; last: string }): string {
  if (!/^\d{4}-\d{2}-01$/.test(startDate)) throw invalid(START_DATE, 'start_date must be the first day of a month (yyyy-mm-01)');
  const month = startDate.slice(0, 7);
  if (month < months.first) throw invalid(START_DATE, "The month is before the patient's registration month");
  if (month > months.last) throw invalid(START_DATE, 'The month is after the current month');
  return month;
}

/** 'January 2025' for '2025-01'. */
function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * GET patients/{id}/export?start_date=yyyy-mm-01 (spec 001 section 7): the patient's monthly report
 * as a PDF, for a caller holding patients.queue who reaches the patient (else 404, another
 * provider's patient exactly like none). The month is the provider's (tenants.timezone): its readings
 * by `timestamp`, its monitoring notes by `reviewed_on` (as the ledger counts them) and its services
 * (the ledger's rows of the month). Audited as a read of the patient. Answers the PDF and its name.
 */
export async function exportPatientMonth(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: Caller,
  patientId: number,
  query: PatientExportQuery,
  now = new Date(),
) {
  const patient = await clinicalPatient(db, caller, patientId);
  const head = await db
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('tenants as tn', 'tn.id', 'p.tenant_id')
    .select(['u.full_name', 'p.birthdate', 'p.created_at', 'u.registered_on', 'tn.name as provider'])
    .where('p.id', '=', patient.id)
    .executeTakeFirst();
  if (!head) throw notFound();
  const zone = patient.timeZone;
  // Registered: the earlier of the patient row and its account (an account may predate its patient row, or follow an import).
  const registeredAt = new Date(Math.min(new Date(head.created_at).getTime(), new Date(head.registered_on).getTime()));
  const month = exportMonth(query.start_date, exportMonths(registeredAt, now, zone));
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const from = startOfZonedDay(first, zone);
  const to = endOfZonedDay(last, zone);

  const [readings, notes, services] = await Promise.all([
    db
      .selectFrom('observations')
      .select(['name', 'timestamp', 'value', 'value2', 'unit_text'])
      .where('patient_id', '=', patient.id)
      .where('tenant_id', '=', patient.tenant_id)
      .where('category', '<>', 'survey')
      .where('timestamp', '>=', from)
      .where('timestamp', '<=', to)
      .orderBy('name')
      .orderBy('timestamp')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('monitoring_activities as m')
      .leftJoin('users as pr', 'pr.id', 'm.practitioner_id')
      .select(['m.reviewed_on', 'm.type', 'm.duration', 'm.description', 'm.practitioner_name', 'pr.full_name as practitioner'])
      .where('m.patient_id', '=', patient.id)
      .where('m.tenant_id', '=', patient.tenant_id)
      .where('m.reviewed_on', '>=', from)
      .where('m.reviewed_on', '<=', to)
      .orderBy('m.reviewed_on')
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('services')
      .select(['cpt_code', 'program', 'measure', 'value', 'max_value', 'units', 'status'])
      .where('patient_id', '=', patient.id)
      .where('start_date', '=', first)
      .orderBy('program')
      .orderBy('cpt_code')
      .execute(),
  ]);

  const pdf = await patientExportPdf({
    patient: head.full_name,
    birthdate: head.birthdate,
    provider: head.provider,
    primaryCondition: patient.primary_condition,
    month: monthLabel(month),
    timeZone: zone,
    generatedAt: now,
    readings: readings.map((r): ExportReading => ({
      name: r.name,
      at: new Date(r.timestamp),
      value: Number(r.value),
      value2: r.value2 === null ? null : Number(r.value2),
      unit: r.unit_text,
    })),
    notes: notes.map((n): ExportNote => ({
      at: new Date(n.reviewed_on),
      type: n.type,
      seconds: Number(n.duration),
      description: n.description,
      practitioner: n.practitioner ?? n.practitioner_name,
    })),
    services,
  });
  await auditPatients(db, {
    request,
    identity: caller.identity,
    resource: 'patients/export',
    action: 'read',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: month }],
  });
  return { pdf, filename: `patient-${String(patient.id)}-${month}.pdf` };
}
