import PDFDocument from 'pdfkit';
import type { ExportOrientation } from '../../../domain/enrollmentQueue';

/** One patient of the enrollment export, already worded for print. */
export interface EnrollmentPdfRow {
  appointment: string;
  patient: string;
  birthdate: string;
  phone: string;
  location: string;
  status: string;
  imei: string;
  notes: string;
}

export interface EnrollmentPdf {
  orientation: ExportOrientation;
  /** 'Northwind Clinic' or 'All providers'. */
  provider: string;
  /** '05/31/2026 – 06/06/2026'. */
  range: string;
  generatedAt: string;
  timeZone: string;
  rows: readonly EnrollmentPdfRow[];
}

const COLUMNS: readonly { key: keyof EnrollmentPdfRow; label: string; share: number }[] = [
  // Shares of the width: a 15-digit IMEI and a US phone number fit on one line even in portrait.
  { key: 'appointment', label: 'Appointment', share: 13 },
  { key: 'patient', label: 'Patient', share: 14 },
  { key: 'birthdate', label: 'DOB', share: 9 },
  { key: 'phone', label: 'Phone', share: 12 },
  { key: 'location', label: 'Location', share: 12 },
  { key: 'status', label: 'Status', share: 8 },
  { key: 'imei', label: 'Onboarding IMEI', share: 14 },
  { key: 'notes', label: 'Notes', share: 18 },
];
const MARGIN = 36;
const FONT_SIZE = 8;
const PADDING = 3;

/**
 * The enrollment export as a PDF (US Letter, landscape or portrait): a heading with the provider,
 * the appointment range and the time it was made, then one table row per patient, the header
 * repeated on every page, and "Page n of m" at the foot. Standard fonts only, so it needs no files.
 */
export async function enrollmentPdf(content: EnrollmentPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: content.orientation,
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Enrollment export ${content.range}`, Author: 'Care console' },
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

  doc.font('Helvetica-Bold').fontSize(14).text('Enrollment export');
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Provider: ${content.provider}`);
  doc.text(`Appointments: ${content.range} (${content.timeZone})`);
  doc.text(`${content.rows.length} ${content.rows.length === 1 ? 'patient' : 'patients'} · generated ${content.generatedAt}`);
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
      .text('No enrollment data found', MARGIN, doc.y + 6);
  content.rows.forEach((row, index) => {
    const cells = COLUMNS.map((c) => row[c.key]);
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
    doc.text(`Page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN - 8, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
