import PDFDocument from 'pdfkit';
import type { ExportOrientation } from '../../../domain/enrollmentQueue';
import { drawPageFooters, drawTable } from '../pdf/pdfTable';

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

  doc.font('Helvetica-Bold').fontSize(14).text('Enrollment export');
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Provider: ${content.provider}`);
  doc.text(`Appointments: ${content.range} (${content.timeZone})`);
  doc.text(`${content.rows.length} ${content.rows.length === 1 ? 'patient' : 'patients'} · generated ${content.generatedAt}`);
  doc.moveDown(0.8);

  drawTable(doc, {
    columns: COLUMNS,
    rows: content.rows.map((row) => COLUMNS.map((c) => row[c.key])),
    emptyText: 'No enrollment data found',
  });
  drawPageFooters(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
