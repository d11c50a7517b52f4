import type { Values } from '../../resources/defineResource';

/** One claim of the export, its fields as text (dates `yyyy-mm-dd`, the empty text for none). */
export interface ClaimExportRow {
  id: number;
  patient: string;
  provider: string;
  suggestedBillingDate: string;
  dateOfService: string;
  endDateOfService: string;
  createdOn: string;
  cptCode: string;
  units: number;
  billingProvider: string;
  billingProviderNpi: string;
  diagnosisCodes: readonly string[];
  submitted: boolean;
  source: string;
  note: string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const joined = (record: Values, property: string, field: string) => text((record[property] as Values | null)?.[field]);

/** A claim record (the resource's, with its joined names) as an export row. */
export function claimExportRow(record: Values): ClaimExportRow {
  const created = record.created_on;
  return {
    id: Number(record.id),
    patient: joined(record, 'patient', 'user_full_name'),
    provider: joined(record, 'tenant', 'name'),
    suggestedBillingDate: text(record.suggested_billing_date),
    dateOfService: text(record.date_of_service),
    endDateOfService: text(record.end_date_of_service),
    createdOn: created instanceof Date ? created.toISOString() : text(created),
    cptCode: text(record.cpt_code),
    units: Number(record.units),
    billingProvider: joined(record, 'billing_provider_user', 'full_name'),
    billingProviderNpi: joined(record, 'billing_provider_user', 'npi_number'),
    diagnosisCodes: Array.isArray(record.icd10_ids) ? (record.icd10_ids as string[]) : [],
    submitted: record.submitted === true,
    source: text(record.source),
    note: text(record.note),
  };
}
