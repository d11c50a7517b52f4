import type { PatientStatus } from '../../../domain/enums';
import { PATIENT_STATUS_LABELS } from '../../../domain/patientStatus';
import type { EnrollmentPdfRow } from './enrollmentPdf';

/** A patient of the export as the query reads it. */
export interface ExportRow {
  id: number;
  tenant_id: number;
  patient_status: string;
  birthdate: string | null;
  appointment: Date | string | null;
  onboarding_imei: string | null;
  onboarding_notes: string | null;
  full_name: string | null;
  mobile_phone_number: string | null;
  phone_number: string | null;
  location: string | null;
  provider: string | null;
}

const dateTime = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' });
const dateOnly = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** A calendar day (yyyy-mm-dd) as 05/31/2026, never moved between zones. */
function usDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

function usPhone(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : (phone ?? '');
}

const statusLabel = (status: string) => PATIENT_STATUS_LABELS[status as PatientStatus] ?? status;

/** The export's rows worded for print: times in the zone, US dates and phones, status labels. */
export function exportRows(rows: readonly ExportRow[], timeZone: string): EnrollmentPdfRow[] {
  const time = dateTime(timeZone);
  return rows.map((row) => ({
    appointment: row.appointment ? time.format(new Date(row.appointment)) : '',
    patient: row.full_name ?? '',
    birthdate: usDay(row.birthdate),
    phone: usPhone(row.mobile_phone_number ?? row.phone_number),
    location: row.location ?? '',
    status: statusLabel(row.patient_status),
    imei: row.onboarding_imei ?? '',
    notes: row.onboarding_notes ?? '',
  }));
}

/** The provider of the export's patients: their one provider, else 'Several providers' ('—' for none). */
export function providerLabel(rows: readonly ExportRow[]): string {
  const names = [...new Set(rows.flatMap((r) => (r.provider ? [r.provider] : [])))];
  return names.length === 1 ? (names[0] as string) : names.length === 0 ? '—' : 'Several providers';
}

/** '05/31/2026 – 06/06/2026' (one day once) in the zone. */
export function rangeLabel(from: Date, to: Date, timeZone: string): string {
  const day = dateOnly(timeZone);
  const [first, last] = [day.format(from), day.format(to)];
  return first === last ? first : `${first} – ${last}`;
}
