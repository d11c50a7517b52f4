import PDFDocument from 'pdfkit';
import { isReportType, REPORT_TABLES, REPORT_TYPE_LABELS, reportCellText, reportDayText, UNSUPPORTED_REPORT_TYPE } from '../../../../schemas/payloads/reports';
import { drawPageFooters, drawTable } from '../pdf/pdfTable';

/** What the PDF prints of a stored report. */
export interface ReportForPdf {
  name: string;
  type: string;
  range_start: string;
  range_end: string;
  report_date: string;
  content: Record<string, unknown>;
}

const MARGIN = 36;

/**
 * A report as a PDF (US Letter, landscape, standard fonts as the other exports): its name, type,
 * provider, range and generation time, a line of totals, then its table (REPORT_TABLES: the columns
 * the console shows) with the header on every page and "Page n of m" at every foot. A type the server
 * no longer knows prints 'Unsupported report type' instead of a table.
 */
export async function reportPdf(report: ReportForPdf): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: MARGIN, bufferPages: true, info: { Title: report.name, Author: 'Care console' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const timezone = typeof report.content.timezone === 'string' ? report.content.timezone : 'UTC';
  const generated = new Intl.DateTimeFormat('en-US', { timeZone: timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(report.report_date));

  doc.font('Helvetica-Bold').fontSize(14).text(report.name);
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Type: ${isReportType(report.type) ? REPORT_TYPE_LABELS[report.type] : report.type}`);
  if (typeof report.content.provider_name === 'string') doc.text(`Provider: ${report.content.provider_name}`);
  doc.text(`Range: ${reportDayText(report.range_start)} to ${reportDayText(report.range_end)} (${timezone})`);
  doc.text(`Generated ${generated}`);
  doc.moveDown(0.8);

  if (!isReportType(report.type)) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(UNSUPPORTED_REPORT_TYPE);
  } else {
    const table = REPORT_TABLES[report.type];
    const totals = (report.content.totals ?? {}) as Record<string, unknown>;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#0f172a')
      .text(table.totals.map((c) => `${c.label}: ${reportCellText(totals[c.key], c.format, timezone)}`).join('    '));
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(11).text(table.title);
    doc.moveDown(0.3);
    const rows = Array.isArray(report.content.rows) ? (report.content.rows as Record<string, unknown>[]) : [];
    drawTable(doc, {
      columns: table.columns,
      rows: rows.map((row) => table.columns.map((c) => reportCellText(row[c.key], c.format, timezone))),
      emptyText: table.empty,
    });
  }
  drawPageFooters(doc, report.name);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The file's name: the type and the range, in characters any file system takes. */
export const reportFileName = (report: Pick<ReportForPdf, 'type' | 'range_start' | 'range_end'> & { id: number }) =>
  `${report.type.replace(/[^a-z0-9_-]/gi, '_')}-${report.range_start}-${report.range_end}-${String(report.id)}.pdf`;
