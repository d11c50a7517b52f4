import type { ReactNode } from 'react';
import { formatMoney, formatText } from '../../renderer/core/format';
import type { InvoicePreview } from './newInvoice';

const CELL = 'px-2 py-1.5 text-left align-top';
const NUMBER = 'px-2 py-1.5 text-right tabular-nums align-top';

function Table({ label, head, children }: { label: string; head: readonly { text: string; numeric?: boolean }[]; children: ReactNode }) {
  return (
    // Descriptions wrap; on a narrow screen the table scrolls inside its frame.
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            {head.map((column) => (
              <th key={column.text} scope="col" className={column.numeric ? NUMBER : CELL}>
                {column.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** What an invoice preview says (spec 002 section 3): issues per patient, line items, the summary per patient, totals and the breakdown. */
export function InvoicePreviewView({ preview }: { preview: InvoicePreview }) {
  const issues = preview.validation_issues ?? [];
  const totals = preview.totals ?? {};
  return (
    <section aria-label="Invoice preview" className="space-y-4">
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Validation issues{issues.length > 0 ? ` (${String(issues.length)})` : ''}</h3>
        {issues.length === 0 ? (
          <p className="text-sm text-slate-600">No validation issues</p>
        ) : (
          // A month of many patients may raise many issues: they scroll in their own box, keeping the lines in view.
          <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-amber-800" tabIndex={0} aria-label="Validation issues">
            {issues.map((issue, i) => (
              <li key={i}>
                <span className="font-medium">{issue.patient_name ?? `Patient ${String(issue.patient_id ?? '')}`}</span>: {issue.issue}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Line items</h3>
        <Table
          label="Line items"
          head={[{ text: 'Description' }, { text: 'Units', numeric: true }, { text: 'Unit price', numeric: true }, { text: 'Amount', numeric: true }]}
        >
          {(preview.line_items ?? []).map((item, i) => (
            <tr key={i}>
              <td className={CELL}>{item.description}</td>
              <td className={NUMBER}>{item.units}</td>
              <td className={NUMBER}>{formatMoney(item.unit_price)}</td>
              <td className={NUMBER}>{formatMoney(item.amount)}</td>
            </tr>
          ))}
        </Table>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Summary</h3>
        <Table
          label="Summary"
          head={[{ text: 'Patient Name' }, { text: 'Count', numeric: true }, { text: 'Fee schedule price', numeric: true }, { text: 'Price', numeric: true }]}
        >
          {(preview.summary ?? []).map((row, i) => (
            <tr key={row.patient_id ?? i}>
              <td className={CELL}>{row['Patient Name']}</td>
              <td className={NUMBER}>{row.count}</td>
              <td className={NUMBER}>{formatMoney(row.total_fee_schedule_price)}</td>
              <td className={NUMBER}>{formatMoney(row.total_price)}</td>
            </tr>
          ))}
        </Table>
      </div>
      <dl aria-label="Totals" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Count</dt>
        <dd className="tabular-nums">{totals.count ?? 0}</dd>
        <dt className="text-slate-600">Fee schedule price</dt>
        <dd className="tabular-nums">{formatMoney(totals.total_fee_schedule_price)}</dd>
        <dt className="text-slate-600">Price</dt>
        <dd className="tabular-nums">{formatMoney(totals.total_price)}</dd>
        <dt className="text-slate-600">Adjustments</dt>
        <dd className="tabular-nums">{formatMoney(totals.adjustments)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(totals.total)}</dd>
      </dl>
      {(preview.detailed_breakdown ?? []).length > 0 && (
        <details className="rounded-md ring-1 ring-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Detailed breakdown</summary>
          <div className="p-2">
            <Table
              label="Detailed breakdown"
              head={[
                { text: 'Patient' },
                { text: 'First billable date' },
                { text: 'First device activity' },
                { text: 'Tier' },
                { text: 'CPT code' },
                { text: 'Units', numeric: true },
                { text: 'Fee schedule price', numeric: true },
                { text: 'Price', numeric: true },
              ]}
            >
              {(preview.detailed_breakdown ?? []).flatMap((patient, i) =>
                (patient.items ?? []).map((item, j) => (
                  <tr key={`${patient.patient_id ?? i}-${j}`}>
                    <td className={CELL}>{j === 0 ? `${patient.patient_name ?? ''}${patient.should_not_bill ? ' (not billed)' : ''}` : ''}</td>
                    <td className={CELL}>{j === 0 ? formatText(patient.first_billable_date) : ''}</td>
                    <td className={CELL}>{j === 0 ? formatText(patient.first_device_activity) : ''}</td>
                    <td className={CELL}>{j === 0 ? formatText(patient.tier) : ''}</td>
                    <td className={CELL}>{item.cpt_code}</td>
                    <td className={NUMBER}>{item.units}</td>
                    <td className={NUMBER}>{formatMoney(item.fee_schedule_price)}</td>
                    <td className={NUMBER}>{formatMoney(item.price)}</td>
                  </tr>
                )),
              )}
            </Table>
          </div>
        </details>
      )}
    </section>
  );
}
