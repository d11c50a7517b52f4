import PDFDocument from 'pdfkit';
import type { InvoiceComputation } from '../../../domain/billing/invoice';
import { toDollars } from '../../../domain/billing/money';
import { drawPageFooters, drawTable } from '../pdf/pdfTable';

/** What an issued invoice prints: its number, the provider billed, the month, the dates and the computation. */
export interface InvoiceDocument {
  number: string;
  provider: { name: string; email: string | null; address: unknown };
  /** 'October 2026' */
  month: string;
  /** yyyy-mm-dd */
  issuedOn: string;
  dueDate: string;
  computation: InvoiceComputation;
}

/** 123456 -> "$1,234.56"; a credit "-$12.00". */
export const usd = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${toDollars(Math.abs(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function addressLines(address: unknown): string[] {
  if (typeof address !== 'object' || address === null) return [];
  const a = address as Record<string, unknown>;
  const text = (k: string) => (typeof a[k] === 'string' ? a[k] : '');
  return [
    text('address_line1'),
    text('address_line2'),
    [text('city'), [text('state'), text('zip_code')].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/**
 * The invoice as a PDF (US Letter, portrait): the heading with the number, the provider and the dates,
 * the lines, the totals, then the detailed breakdown per patient (the items, tier and whether the
 * patient is billed), so that the provider can check each charge. Standard fonts, as the other exports.
 */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, bufferPages: true, info: { Title: `Invoice ${invoice.number}`, Author: 'Care console' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { computation: c } = invoice;
  doc.font('Helvetica-Bold').fontSize(16).text(`Invoice ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text(`Billed to: ${invoice.provider.name}`);
  for (const line of addressLines(invoice.provider.address)) doc.text(line);
  if (invoice.provider.email) doc.text(invoice.provider.email);
  doc.moveDown(0.5);
  doc.text(`Services of ${invoice.month} · issued ${invoice.issuedOn} · due ${invoice.dueDate}`);
  doc.moveDown(0.8);
  drawTable(doc, {
    columns: [
      { label: 'Description', share: 55 },
      { label: 'Units', share: 10 },
      { label: 'Unit price', share: 17 },
      { label: 'Amount', share: 18 },
    ],
    rows: c.line_items.map((l) => [l.description, String(l.units), usd(l.unit_price_cents), usd(l.amount_cents)]),
    emptyText: 'No lines',
  });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.text(`Services: ${usd(c.totals.total_price_cents)} (fee schedule ${usd(c.totals.total_fee_schedule_price_cents)})`);
  doc.text(`Adjustments: ${usd(c.totals.adjustments_cents)}`);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total due: ${usd(c.totals.total_cents)}`);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text('Detailed breakdown');
  doc.moveDown(0.4);
  drawTable(doc, {
    columns: [
      { label: 'Patient', share: 22 },
      { label: 'First billable', share: 11 },
      { label: 'First device activity', share: 11 },
      { label: 'Billed', share: 7 },
      { label: 'Tier', share: 6 },
      { label: 'Items (code x units @ price)', share: 28 },
      { label: 'Total', share: 15 },
    ],
    rows: c.breakdown.map((p) => [
      p.patient_name,
      p.first_billable_date ?? '-',
      p.first_device_activity ?? '-',
      p.should_not_bill ? 'No' : 'Yes',
      p.tier === null ? '-' : String(p.tier),
      p.items.map((i) => `${i.cpt_code} x ${String(i.units)} @ ${usd(i.price_cents)}${i.billed ? '' : ' (not billed)'}`).join('\n'),
      usd(p.total_price_cents),
    ]),
    emptyText: 'No claims in this month',
  });
  drawPageFooters(doc, `Invoice ${invoice.number}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${String(ch.charCodeAt(0))};`);

/**
 * The built-in vendor's hosted page of an invoice: a plain HTML document (no script; every text
 * escaped) that the invoice's signed link serves, printable from the browser.
 */
export function invoiceHtml(invoice: InvoiceDocument): string {
  const c = invoice.computation;
  const rows = c.line_items
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}</td><td class="n">${String(l.units)}</td><td class="n">${usd(l.unit_price_cents)}</td><td class="n">${usd(l.amount_cents)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(invoice.number)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a">
<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Billed to: <strong>${escapeHtml(invoice.provider.name)}</strong><br>${addressLines(invoice.provider.address).map(escapeHtml).join('<br>')}</p>
<p>Services of ${escapeHtml(invoice.month)} · issued ${escapeHtml(invoice.issuedOn)} · due ${escapeHtml(invoice.dueDate)}</p>
<table style="width: 100%; border-collapse: collapse">
<thead><tr><th align="left">Description</th><th align="right">Units</th><th align="right">Unit price</th><th align="right">Amount</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p>Services: ${usd(c.totals.total_price_cents)} · Adjustments: ${usd(c.totals.adjustments_cents)}</p>
<p style="font-size: 1.25rem"><strong>Total due: ${usd(c.totals.total_cents)}</strong></p>
</body></html>
`;
}
