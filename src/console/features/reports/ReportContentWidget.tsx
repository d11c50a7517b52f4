import { UNSUPPORTED_REPORT_TYPE } from '../../../../schemas/payloads/reports';
import { useDownload } from '../../renderer/registries/actions/useDownload';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { reportTableView } from './reportTables';
import { useReportPdf } from './useReportPdf';
import type { reportContentOptions } from './ReportContentWidget.options';

/**
 * A report's content (spec 002 section 2, /reports/{id}/show): its totals and its table as the type
 * lays them out (REPORT_TABLES, what the PDF prints too), or 'Unsupported report type' for any other
 * type. `exportPdf` adds Export PDF (GET reports/{id}/export, saved under the server's name) and
 * `viewPdf` View PDF, which opens the report in /pdf; each `error` is its failure's toast (spec 002
 * section 8: 'Error exporting report.'). The download is the renderer's, whose direct download action
 * does not take an error text.
 */
export function ReportContentWidget({ options }: { options: OptionsOf<typeof reportContentOptions> }) {
  const record = useEvalContext().record as { id?: number; type?: unknown; content?: unknown } | undefined;
  const view = reportTableView(record?.type, record?.content);
  const pdf = useReportPdf(record?.id, options.viewPdf?.error ?? '');
  const download = useDownload(
    { type: 'download', name: 'export_pdf', label: options.exportPdf?.label ?? '', path: '/reports/{id}/export' },
    { error: options.exportPdf?.error },
  );
  if (!view)
    return (
      <p role="status" className="text-sm text-slate-700">
        {UNSUPPORTED_REPORT_TYPE}
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <dl aria-label="Totals" className="flex flex-wrap gap-x-8 gap-y-2">
          {view.totals.map((total) => (
            <div key={total.label}>
              <dt className="text-xs text-slate-600">{total.label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{total.text}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          {options.exportPdf && (
            <Button disabled={download.isPending} onClick={() => download.mutate({})}>
              {options.exportPdf.label}
            </Button>
          )}
          {options.viewPdf && (
            <Button disabled={pdf.isPending} onClick={() => pdf.mutate()}>
              {options.viewPdf.label}
            </Button>
          )}
        </div>
      </div>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="pb-2 text-left font-medium text-slate-900">{view.title}</caption>
          <thead>
            <tr>
              {view.columns.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 text-left font-medium text-slate-700">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {view.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((text, index) => (
                  <td key={view.columns[index]?.key ?? index} className="px-3 py-2 text-slate-800">
                    {text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {view.rows.length === 0 && <p className="px-3 py-4 text-sm text-slate-600">{view.empty}</p>}
      </div>
    </div>
  );
}
