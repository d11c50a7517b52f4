import { useState } from 'react';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { useStudioWrites, type StudioScreenDetail } from './studioCalls';
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
  );
}
