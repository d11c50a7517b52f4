import { useId, useState } from 'react';
import type { DataExport } from '../../../../schemas/entities/dataExport';
import { DATA_EXPORT_PERMISSIONS, DATA_EXPORT_STATES, DATA_EXPORT_TEXTS, dataExportOffers, type DataExportStatus } from '../../../domain/dataExports';
import type { Id } from '../../api/dataProvider';
import { evaluateCondition } from '../../renderer/core/conditions';
import { getPath, timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { isBuilding, useDataExports } from './useDataExports';

const BADGE: Record<DataExportStatus, string> = {
  pending: 'bg-slate-100 text-slate-800 ring-slate-300',
  pending_validation: 'bg-amber-50 text-amber-900 ring-amber-300',
  completed: 'bg-green-50 text-green-900 ring-green-300',
  failed: 'bg-red-50 text-red-900 ring-red-300',
  revoked: 'bg-slate-100 text-slate-700 ring-slate-300',
};

function StatusBadge({ row }: { row: DataExport }) {
  const building = isBuilding(row);
  return (
    <div className="space-y-1">
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE[row.status]}`}>
        {building ? 'Building' : DATA_EXPORT_STATES[row.status].label}
      </span>
      {building && (
        <div className="flex items-center gap-2">
          <progress className="h-2 w-24" max={100} value={row.progress} aria-label={`Export ${String(row.id)} progress`} />
          <span className="text-xs text-slate-700">{row.progress}%</span>
        </div>
      )}
    </div>
  );
}

/**
 * The patient record's Patient Data Export (spec 001, profile section 13), on the screen's record:
 * Request Export (with the patient's consent; refused without a verified e-mail address), the
 * exports 5 a page, newest first, with status, dates and progress while the archive is built
 * (read again every 2 s), and Validate and Revoke as the state table (src/domain/dataExports.ts)
 * and the user's permissions offer them. Only the patient downloads, from the mailed link.
 */
export function DataExportsWidget() {
  const context = useEvalContext();
  const patientId = context.record?.id as Id | undefined;
  const exports = useDataExports(patientId);
  const timeZone = timeZoneOf(context);
  const [consent, setConsent] = useState(false);
  const headingId = useId();
  const can = (permission: string) => evaluateCondition({ permission }, context);
  const canRequest = can(DATA_EXPORT_PERMISSIONS.request);
  const canValidate = can(DATA_EXPORT_PERMISSIONS.validate);
  const canRevoke = can(DATA_EXPORT_PERMISSIONS.revoke);

  const email = getPath(context.record, 'user.email');
  const hasEmail = typeof email === 'string' && email.trim() !== '';
  const verified = getPath(context.record, 'user.is_email_verified') === true;
  const unavailableReason = !hasEmail ? DATA_EXPORT_TEXTS.noEmail : !verified ? DATA_EXPORT_TEXTS.unavailable : undefined;
  if (patientId === undefined) return null;

  const submit = async () => {
    if (await exports.request(consent)) setConsent(false);
  };

  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p className="text-slate-700">
        An export gathers the patient&apos;s data in one zip file. A second person validates the request; the patient then receives a download link by e-mail.
        Only the patient may download exported data.
      </p>
      {canRequest && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
              checked={consent}
              disabled={unavailableReason !== undefined}
              onChange={(event) => setConsent(event.target.checked)}
            />
            {DATA_EXPORT_TEXTS.consent}
          </label>
          <Button
            variant="primary"
            disabled={unavailableReason !== undefined || !consent || exports.requesting}
            disabledReason={unavailableReason ?? (!consent ? 'The patient must consent first' : undefined)}
            onClick={() => void submit()}
          >
            {exports.requesting ? 'Requesting…' : 'Request Export'}
          </Button>
          {unavailableReason && (
            <p className="w-full text-xs text-slate-700">
              {unavailableReason === DATA_EXPORT_TEXTS.noEmail
                ? "The patient's account has no e-mail address: add one to export their data."
                : "The patient's e-mail address is not verified: data export is unavailable until it is."}
            </p>
          )}
        </div>
      )}

      <section aria-labelledby={headingId} className="space-y-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          Export requests
        </h3>
        {exports.loading ? (
          <p className="text-slate-600">Loading…</p>
        ) : exports.loadError ? (
          <p className="text-red-800">{exports.loadError}</p>
        ) : exports.rows.length === 0 ? (
          <p className="text-slate-600">{DATA_EXPORT_TEXTS.empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Requested
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Completed
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {exports.rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-4">{formatDateTime(row.created_at, timeZone)}</td>
                    <td className="py-2 pr-4">
                      <StatusBadge row={row} />
                    </td>
                    <td className="py-2 pr-4">{row.completed_at ? formatDateTime(row.completed_at, timeZone) : '—'}</td>
                    <td className="py-2">
                      <div className="flex flex-wrap gap-2">
                        {canValidate && dataExportOffers(row.status, 'validate') && !isBuilding(row) && (
                          <Button
                            onClick={() => exports.validate(row.id)}
                            disabled={exports.busy}
                            aria-label={`Validate export of ${formatDateTime(row.created_at, timeZone)}`}
                          >
                            Validate
                          </Button>
                        )}
                        {canRevoke && dataExportOffers(row.status, 'revoke') && (
                          <Button
                            variant="danger"
                            onClick={() => exports.revoke(row.id)}
                            disabled={exports.busy}
                            aria-label={`Revoke export of ${formatDateTime(row.created_at, timeZone)}`}
                          >
                            Revoke
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {exports.pages > 1 && (
          <nav aria-label="Export requests pages" className="flex items-center gap-2">
            <Button onClick={() => exports.setPage(exports.page - 1)} disabled={exports.page <= 1}>
              Previous
            </Button>
            <span className="text-slate-700">
              Page {exports.page} of {exports.pages}
            </span>
            <Button onClick={() => exports.setPage(exports.page + 1)} disabled={exports.page >= exports.pages}>
              Next
            </Button>
          </nav>
        )}
      </section>
    </div>
  );
}
