import { EMPTY_TEXT } from '../../../domain/emptyText';
import type { PatientStatus } from '../../../domain/enums';
import { patientPhones } from '../../../domain/patientPhones';
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
  home_phone_number: string | null;
  facility_phone_number: string | null;
  primary_phone_number_type: string | null;
  phone_number: string | null;
  location: string | null;
  provider: string | null;
}

/** 05/31/2026, 2:30 PM: four-digit years, as every date the console shows. */
const dateTime = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' });
const dateOnly = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** A calendar day (yyyy-mm-dd) as 05/31/2026, never moved between zones, and with no time. */
function usDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : EMPTY_TEXT;
}

function usPhone(phone: string | undefined): string {
  if (phone === undefined) return EMPTY_TEXT;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : phone;
}

/** A text of the row, or the product's dash for none. */
const orDash = (text: string | null) => (text === null || text.trim() === '' ? EMPTY_TEXT : text);

const statusLabel = (status: string) => PATIENT_STATUS_LABELS[status as PatientStatus] ?? status;

/**
 * The export's rows worded for print: times in the zone, US dates (four-digit years; a birthdate
 * with no time), the patient's primary phone as the console shows it, status labels, and the
 * product's dash for no value.
 */
export function exportRows(rows: readonly ExportRow[], timeZone: string): EnrollmentPdfRow[] {
  const time = dateTime(timeZone);
  return rows.map((row) => ({
    appointment: row.appointment ? time.format(new Date(row.appointment)) : EMPTY_TEXT,
    patient: orDash(row.full_name),
    birthdate: usDay(row.birthdate),
    phone: usPhone(patientPhones(row).primary?.number),
    location: orDash(row.location),
    status: statusLabel(row.patient_status),
    imei: orDash(row.onboarding_imei),
    notes: orDash(row.onboarding_notes),
  }));
}

/** When the export was made, as its heading prints it: 05/31/2026, 2:30 PM in the zone. */
export function generatedLabel(now: Date, timeZone: string): string {
  return dateTime(timeZone).format(now);
}

/** The provider of the export's patients: their one provider, else 'Several providers' (the dash for none). */
export function providerLabel(rows: readonly ExportRow[]): string {
  const names = [...new Set(rows.flatMap((r) => (r.provider ? [r.provider] : [])))];
  return names.length === 1 ? (names[0] as string) : names.length === 0 ? EMPTY_TEXT : 'Several providers';
}

/** '05/31/2026 – 06/06/2026' (one day once) in the zone. */
export function rangeLabel(from: Date, to: Date, timeZone: string): string {
  const day = dateOnly(timeZone);
  const [first, last] = [day.format(from), day.format(to)];
  return first === last ? first : `${first} – ${last}`;
}
