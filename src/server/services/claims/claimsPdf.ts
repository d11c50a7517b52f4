import PDFDocument from 'pdfkit';
import { CLAIM_EXPORT_DISCLAIMER } from '../../../domain/billing/claims';
import { EMPTY_TEXT } from '../../../domain/emptyText';
import { drawPageFooters, drawTable } from '../pdf/pdfTable';
import type { ClaimExportRow } from './claimExportRows';

export interface ClaimsPdf {
  /** 'Northwind Clinic', 'Several providers' ... */
  provider: string;
  /** 'May 2026'. */
  month: string;
  /** When it was made, as printed. */
  generatedAt: string;
  rows: readonly ClaimExportRow[];
}

/** A calendar day (yyyy-mm-dd) as 05/31/2026, as the console shows dates. */
function usDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : EMPTY_TEXT;
}
const orDash = (text: string) => (text.trim() === '' ? EMPTY_TEXT : text);

const COLUMNS: readonly { label: string; share: number; value: (row: ClaimExportRow) => string }[] = [
  { label: 'Patient', share: 15, value: (r) => orDash(r.patient) },
  { label: 'Provider', share: 13, value: (r) => orDash(r.provider) },
  { label: 'Date of service', share: 9, value: (r) => usDay(r.dateOfService) },
  { label: 'Suggested billing date', share: 9, value: (r) => usDay(r.suggestedBillingDate) },
  { label: 'CPT code', share: 6, value: (r) => r.cptCode },
  { label: 'Units', share: 5, value: (r) => String(r.units) },
  { label: 'Billing provider', share: 14, value: (r) => orDash(r.billingProvider) },
  { label: 'Diagnosis codes', share: 12, value: (r) => orDash(r.diagnosisCodes.join(', ')) },
  { label: 'Submitted', share: 7, value: (r) => (r.submitted ? 'Yes' : 'No') },
];
const MARGIN = 36;

/**
 * The claims export as a PDF (US Letter, landscape): a heading with the provider, the month and the
 * time it was made, the disclaimer of spec 002 section 9, then one table row per claim with the
 * header repeated on every page, and the disclaimer with "Page n of m" at every foot. Standard fonts
 * only (as the enrollment export).
 */
export async function claimsPdf(content: ClaimsPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Claims ${content.month}`, Author: 'Care console' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(14).text('Claims');
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Provider: ${content.provider}`);
  doc.text(`Month of service: ${content.month}`);
  doc.text(`${content.rows.length} ${content.rows.length === 1 ? 'claim' : 'claims'} · generated ${content.generatedAt}`);
  doc.font('Helvetica-Oblique').text(CLAIM_EXPORT_DISCLAIMER);
  doc.moveDown(0.8);

  drawTable(doc, {
    columns: COLUMNS,
    rows: content.rows.map((row) => COLUMNS.map((c) => c.value(row))),
    emptyText: 'No claims in this month',
  });
  drawPageFooters(doc, CLAIM_EXPORT_DISCLAIMER);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
