import { isReportType, REPORT_TABLES, reportCellText, type ReportColumn } from '../../../../schemas/payloads/reports';

/** A report's content as the widget shows it: the totals as terms and values, the rows as texts, in REPORT_TABLES' columns. */
export interface ReportTableView {
  title: string;
  columns: readonly ReportColumn[];
  totals: { label: string; text: string }[];
  rows: { key: string; cells: string[] }[];
  empty: string;
}

/**
 * The tables of a report of a known type, worded as the PDF prints them (minutes to one decimal,
 * instants as the provider's day); null for a type the console does not know (the spec's
 * 'Unsupported report type').
 */
export function reportTableView(type: unknown, content: unknown): ReportTableView | null {
  if (!isReportType(type)) return null;
  const table = REPORT_TABLES[type];
  const body = (typeof content === 'object' && content !== null ? content : {}) as Record<string, unknown>;
  const timezone = typeof body.timezone === 'string' ? body.timezone : 'UTC';
  const totals = (typeof body.totals === 'object' && body.totals !== null ? body.totals : {}) as Record<string, unknown>;
  const rows = Array.isArray(body.rows) ? (body.rows as Record<string, unknown>[]) : [];
  return {
    title: table.title,
    columns: table.columns,
    totals: table.totals.map((c) => ({ label: c.label, text: reportCellText(totals[c.key], c.format, timezone) })),
    rows: rows.map((row, index) => ({ key: String(index), cells: table.columns.map((c) => reportCellText(row[c.key], c.format, timezone)) })),
    empty: table.empty,
  };
}
