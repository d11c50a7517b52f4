import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDataProvider } from '../../api/DataProviderContext';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { changesBetween } from './screenChanges';
import { PublishDialog, type ReleaseScreen } from './PublishDialog';
import { useReleases, useStudioScreens, useStudioWrites, type Release, type StudioScreen, type StudioScreenDetail } from './studioCalls';
import { formatWhen } from './studioTexts';

/** The screens chosen for a release, each with its draft's changes in words (read when the dialog opens). */
function useReleaseScreens(ids: readonly string[]): ReleaseScreen[] | undefined {
  const dataProvider = useDataProvider();
  const details = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['screen-studio', 'screens', id],
      queryFn: () => dataProvider.request<StudioScreenDetail>(`/screen-studio/screens/${encodeURIComponent(id)}`),
    })),
  });
  if (details.some((detail) => !detail.data)) return undefined;
  return details.flatMap(({ data }) =>
    data?.draft ? [{ id: data.id, revision: data.draft.revision, changes: changesBetween(data.definition, data.draft.definition) }] : [],
  );
}

function ReleaseDialog({ ids, onClose }: { ids: readonly string[]; onClose: () => void }) {
  const screens = useReleaseScreens(ids);
  if (!screens) return null;
  return <PublishDialog screens={screens} onClose={onClose} />;
}

/** Screens with a draft first (what there is to review), then the others, each by id. */
const draftsFirst = (screens: readonly StudioScreen[]) => [...screens.filter((screen) => screen.has_draft), ...screens.filter((screen) => !screen.has_draft)];

function draftText(screen: StudioScreen): string {
  if (!screen.has_draft) return '';
  const parts = [`Revision ${String(screen.draft_revision)} by ${screen.draft_updated_by_name ?? 'someone'}, ${formatWhen(screen.draft_updated_at)}`];
  if (screen.draft_submitted_at) parts.push('submitted for review');
  if (screen.draft_stale) parts.push('out of date');
  return parts.join(' · ');
}

/** Every screen: its version in force and where it comes from, its draft; drafts are chosen here for a release. */
function Screens({ canPublish }: { canPublish: boolean }) {
  const screens = useStudioScreens();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [publishing, setPublishing] = useState(false);
  if (screens.isPending) return <Loading />;
  if (screens.isError) return <ErrorMessage error={screens.error} onRetry={() => void screens.refetch()} />;
  const toggle = (id: string, on: boolean) => setChosen((current) => new Set(on ? [...current, id] : [...current].filter((other) => other !== id)));
  const ready = [...chosen].filter((id) => screens.data.some((screen) => screen.id === id && screen.has_draft && !screen.draft_stale));
  return (
    <section aria-label="All screens" className="space-y-3">
      {canPublish && (
        <div className="flex items-center gap-3">
          <Button variant="primary" disabled={ready.length === 0} onClick={() => setPublishing(true)} disabledReason="Choose screens with a draft">
            {ready.length > 1 ? `Publish ${ready.length} screens as a release` : 'Publish as a release'}
          </Button>
          <span className="text-sm text-slate-600">Choose the drafts to publish together.</span>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Screens</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              {canPublish && (
                <th className="py-2 pr-2 font-medium">
                  <span className="sr-only">Choose</span>
                </th>
              )}
              <th className="py-2 pr-3 font-medium">Screen</th>
              <th className="py-2 pr-3 font-medium">Route</th>
              <th className="py-2 pr-3 font-medium">Kind</th>
              <th className="py-2 pr-3 font-medium">Version</th>
              <th className="py-2 pr-3 font-medium">Published</th>
              <th className="py-2 font-medium">Draft</th>
            </tr>
          </thead>
          <tbody>
            {draftsFirst(screens.data).map((screen) => (
              <tr key={screen.id} className="border-b border-slate-100 align-top">
                {canPublish && (
                  <td className="py-2 pr-2">
                    {screen.has_draft && (
                      <input
                        type="checkbox"
                        aria-label={`Choose ${screen.id} for the release`}
                        checked={chosen.has(screen.id)}
                        disabled={screen.draft_stale}
                        onChange={(event) => toggle(screen.id, event.target.checked)}
                      />
                    )}
                  </td>
                )}
                <td className="py-2 pr-3">
                  <Link href={`/screen-studio/${screen.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                    {screen.id}
                  </Link>
                  {screen.title && <div className="text-xs text-slate-600">{screen.title}</div>}
                </td>
                <td className="py-2 pr-3 font-mono text-xs">{screen.route}</td>
                <td className="py-2 pr-3">{screen.kind}</td>
                <td className="py-2 pr-3">
                  {`${screen.version} (${screen.source === 'file' ? 'file' : 'published'})`}
                  {screen.file_newer && (
                    <div className="text-xs text-amber-800">{`The file is newer than published version ${String(screen.published_version)}`}</div>
                  )}
                </td>
                <td className="py-2 pr-3">{screen.published_at ? `${formatWhen(screen.published_at)} by ${screen.published_by_name ?? 'someone'}` : ''}</td>
                <td className="py-2">{draftText(screen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {publishing && (
        <ReleaseDialog
          ids={ready}
          onClose={() => {
            setPublishing(false);
            setChosen(new Set());
          }}
        />
      )}
    </section>
  );
}

/** The releases and rollbacks, newest first; a release not yet undone may be rolled back in one step. */
function Releases({ canPublish }: { canPublish: boolean }) {
  const releases = useReleases();
  const writes = useStudioWrites();
  const notify = useNotify();
  if (releases.isPending) return <Loading />;
  if (releases.isError) return <ErrorMessage error={releases.error} onRetry={() => void releases.refetch()} />;
  const rollback = (release: Release) =>
    void writes.rollbackRelease.mutateAsync({ release: release.id, note: `Rollback of ${release.name}` }).then(
      () => notify(`Rolled back "${release.name}"`),
      (error: Error) => notify(`"${release.name}" was not rolled back: ${error.message}`, 'error'),
    );
  return (
    <section aria-label="Releases" className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">Releases</h2>
      {releases.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has been published from the studio yet.</p>
      ) : (
        <ul className="space-y-2">
          {releases.data.map((release) => (
            <li key={release.id} aria-label={`Release ${release.name}`} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium text-slate-900">{release.name}</p>
                  <p className="text-slate-700">{`${release.kind === 'rollback' ? 'Rollback' : 'Release'} · ${formatWhen(release.published_at)} by ${release.published_by_name ?? 'someone'}`}</p>
                  <p className="text-slate-700">{release.screens.map((screen) => `${screen.screen_id} version ${screen.version}`).join(', ')}</p>
                  {release.note && <p className="text-slate-600">{release.note}</p>}
                  {release.rolled_back_by_release_id !== null && <p className="text-amber-800">Rolled back</p>}
                </div>
                {canPublish && release.rolled_back_by_release_id === null && (
                  <Button onClick={() => rollback(release)} disabled={writes.rollbackRelease.isPending} aria-label={`Roll back ${release.name}`}>
                    Roll back
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /screen-studio: the widget `screen_studio` (issue 21). */
export function ScreenStudioListWidget() {
  const { permissions } = useScreenEnvironment();
  const canPublish = permissions['screens.publish'] !== undefined;
  return (
    <div className="space-y-6">
      <Screens canPublish={canPublish} />
      <Releases canPublish={canPublish} />
    </div>
  );
}
