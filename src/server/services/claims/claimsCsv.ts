import type { ClaimExportRow } from './claimExportRows';

const COLUMNS: readonly { label: string; value: (row: ClaimExportRow) => string }[] = [
  { label: 'Claim ID', value: (r) => String(r.id) },
  { label: 'Patient', value: (r) => r.patient },
  { label: 'Provider', value: (r) => r.provider },
  { label: 'Suggested billing date', value: (r) => r.suggestedBillingDate },
  { label: 'Date of service', value: (r) => r.dateOfService },
  { label: 'End date of service', value: (r) => r.endDateOfService },
  { label: 'Created on', value: (r) => r.createdOn },
  { label: 'CPT code', value: (r) => r.cptCode },
  { label: 'Units', value: (r) => String(r.units) },
  { label: 'Billing provider', value: (r) => r.billingProvider },
  { label: 'Billing provider NPI', value: (r) => r.billingProviderNpi },
  { label: 'Diagnosis codes', value: (r) => r.diagnosisCodes.join('; ') },
  { label: 'Submitted', value: (r) => (r.submitted ? 'Yes' : 'No') },
  { label: 'Source', value: (r) => r.source },
  { label: 'Note', value: (r) => r.note },
];

/**
 * A cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break), and never a
 * formula: a text a spreadsheet would compute (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) starts with an apostrophe, so that a note or a name cannot run in the reader's spreadsheet.
 */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The claims as CSV: a header row, then one row per claim with the list's columns; dates as yyyy-mm-dd, lines ended by CRLF. */
export function claimsCsv(rows: readonly ClaimExportRow[]): string {
  const lines = [COLUMNS.map((c) => cell(c.label)), ...rows.map((row) => COLUMNS.map((c) => cell(c.value(row))))];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
