import { useState } from 'react';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { changesBetween } from './screenChanges';
import { useScreenVersion, useStudioWrites, type StudioScreenDetail } from './studioCalls';
import { LabelledSelect } from './StudioFields';
import { formatWhen } from './studioTexts';

/**
 * A screen's published versions, newest first, each with who published it, when, why and in which
 * release; "Restore" publishes an earlier version as a new one (screens.publish). The file's version
 * is listed last: restoring it undoes every publication since.
 */
export function HistoryPanel({ screen, canPublish }: { screen: StudioScreenDetail; canPublish: boolean }) {
  const writes = useStudioWrites(screen.id);
  const notify = useNotify();
  const [busy, setBusy] = useState<number | undefined>();
  const restore = (version: number) => {
    setBusy(version);
    // The answer reloads the screen (a new editor): the toast follows the promise.
    void writes.rollbackScreen
      .mutateAsync({ version, base_version: screen.version, note: `Restored version ${version}` })
      .then(
        () => notify(`Version ${version} restored as a new version`),
        (error: Error) => notify(`Version ${version} was not restored: ${error.message}`, 'error'),
      )
      .finally(() => setBusy(undefined));
  };
  const rows = [
    ...screen.versions.map((version) => ({
      version: version.version,
      what: `${version.release_name ? `${version.release_name} · ` : ''}published ${formatWhen(version.published_at)} by ${version.published_by_name ?? 'someone'}`,
      note: version.note,
      inForce: screen.source === 'published' && version.version === screen.version,
    })),
    ...(screen.file_version === null
      ? []
      : [{ version: screen.file_version, what: 'the file shipped with the console', note: '', inForce: screen.source === 'file' }]),
  ];
  return (
    <div className="space-y-4">
      <CompareVersions screen={screen} versions={rows.map((row) => row.version)} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Versions of {screen.id}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th className="py-2 pr-3 font-medium">Version</th>
            <th className="py-2 pr-3 font-medium">Published</th>
            <th className="py-2 pr-3 font-medium">Note</th>
            <th className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.version}:${row.what}`} className="border-b border-slate-100">
              <td className="py-2 pr-3">{row.inForce ? `${row.version} (in force)` : row.version}</td>
              <td className="py-2 pr-3">{row.what}</td>
              <td className="py-2 pr-3">{row.note}</td>
              <td className="py-2 text-right">
                {canPublish && !row.inForce && (
                  <Button onClick={() => restore(row.version)} disabled={busy !== undefined} aria-label={`Restore version ${row.version}`}>
                    Restore
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The changes between any two versions of the screen, in the editor's words; at first, from the one before the version in force to it. */
function CompareVersions({ screen, versions }: { screen: StudioScreenDetail; versions: readonly number[] }) {
  const sorted = [...new Set(versions)].sort((a, b) => b - a);
  const [to, setTo] = useState(screen.version);
  const [from, setFrom] = useState(sorted.find((version) => version < screen.version) ?? screen.version);
  const before = useScreenVersion(screen.id, from);
  const after = useScreenVersion(screen.id, to);
  if (sorted.length < 2) return null;
  const choices = sorted.map((version) => ({ value: String(version), label: `Version ${version}` }));
  const failed = before.error ?? after.error;
  const changes = before.data && after.data ? changesBetween(before.data, after.data) : undefined;
  return (
    <section aria-label="Compare versions" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="mb-3 text-base font-semibold text-slate-900">Compare versions</h3>
      <div className="mb-3 flex flex-wrap gap-3">
        <LabelledSelect label="From" value={String(from)} choices={choices} onChange={(value) => setFrom(Number(value))} />
        <LabelledSelect label="To" value={String(to)} choices={choices} onChange={(value) => setTo(Number(value))} />
      </div>
      {failed ? (
        <ErrorMessage error={failed} />
      ) : changes === undefined ? (
        <Loading />
      ) : changes.length === 0 ? (
        <p className="text-sm text-slate-600">{`No changes from version ${from} to version ${to}.`}</p>
      ) : (
        <ul aria-label={`Changes from version ${from} to version ${to}`} className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {changes.map((change, i) => (
            <li key={`${i}:${change}`}>{change}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
