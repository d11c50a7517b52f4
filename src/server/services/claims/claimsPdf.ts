import PDFDocument from 'pdfkit';
import { CLAIM_EXPORT_DISCLAIMER } from '../../../domain/billing/claims';
import { EMPTY_TEXT } from '../../../domain/emptyText';
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
const FONT_SIZE = 8;
const PADDING = 3;

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

  const width = doc.page.width - 2 * MARGIN;
  const total = COLUMNS.reduce((sum, c) => sum + c.share, 0);
  const widths = COLUMNS.map((c) => (c.share / total) * width);
  const bottom = () => doc.page.height - MARGIN - 14;

  doc.font('Helvetica-Bold').fontSize(14).text('Claims');
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Provider: ${content.provider}`);
  doc.text(`Month of service: ${content.month}`);
  doc.text(`${content.rows.length} ${content.rows.length === 1 ? 'claim' : 'claims'} · generated ${content.generatedAt}`);
  doc.font('Helvetica-Oblique').text(CLAIM_EXPORT_DISCLAIMER);
  doc.moveDown(0.8);

  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: (widths[i] ?? 0) - 2 * PADDING }))) + 2 * PADDING;
  };
  const drawRow = (cells: readonly string[], font: string, shade: string | null) => {
    const height = rowHeight(cells, font);
    const top = doc.y;
    if (shade) doc.rect(MARGIN, top, width, height).fill(shade);
    doc.fillColor('#0f172a').font(font).fontSize(FONT_SIZE);
    let x = MARGIN;
    cells.forEach((text, i) => {
      const w = widths[i] ?? 0;
      doc.text(text, x + PADDING, top + PADDING, { width: w - 2 * PADDING });
      x += w;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  const header = COLUMNS.map((c) => c.label);
  drawRow(header, 'Helvetica-Bold', '#e2e8f0');
  if (content.rows.length === 0)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('No claims in this month', MARGIN, doc.y + 6);
  content.rows.forEach((row, index) => {
    const cells = COLUMNS.map((c) => c.value(row));
    if (doc.y + rowHeight(cells, 'Helvetica') > bottom()) {
      doc.addPage();
      drawRow(header, 'Helvetica-Bold', '#e2e8f0');
    }
    drawRow(cells, 'Helvetica', index % 2 === 1 ? '#f8fafc' : null);
  });

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // The foot sits in the bottom margin; without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#64748b');
    const y = doc.page.height - MARGIN - 8;
    doc.text(CLAIM_EXPORT_DISCLAIMER, MARGIN, y, { width, align: 'left', lineBreak: false });
    doc.text(`Page ${i + 1} of ${pages.count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
