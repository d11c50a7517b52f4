import type { ActivityData } from '../../../domain/clinicalActivities';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { Notice } from '../../ui/Notice';
import { monitoringTypeLabel } from '../activities/activityFormat';
import { BUILDER_TEXTS } from './builderTexts';
import { usePreviewNotes } from './useTemplateCalls';

/** A note's duration in minutes and seconds: 330 -> '5 min 30 s' (spec 002: the Output tab). */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/**
 * The Output tab (spec 002 sections 2, 3 "Preview notes", 7): the notes the preview's answers would
 * write, as the server works them out from the saved template (POST activity-templates/{id}/preview-notes
 * {data_json}): each note's type, duration and text. A template not saved yet has no output.
 */
export function PreviewNotesPanel({ templateId, data, dirty }: { templateId: number | undefined; data: Partial<ActivityData>; dirty: boolean }) {
  const notes = usePreviewNotes(templateId, data, true);
  if (templateId === undefined) return <Notice tone="info">{BUILDER_TEXTS.outputUnsaved}</Notice>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">The notes that the answers given in the Preview tab would write.</p>
      {dirty && <Notice tone="info">{BUILDER_TEXTS.outputStale}</Notice>}
      {notes.isPending ? (
        <Loading />
      ) : notes.isError ? (
        <ErrorMessage error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-slate-600">{BUILDER_TEXTS.noNotes}</p>
      ) : (
        // A list rather than a table: a note's text is long, and a phone shows it whole.
        <ol aria-label="Notes" className="space-y-3">
          {notes.data.map((note, index) => (
            <li key={note.id} className="rounded-md border border-slate-200 p-3">
              <dl aria-label={`Note ${index + 1}`} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="font-medium text-slate-700">Type</dt>
                <dd>{monitoringTypeLabel(note.monitoring_activity_type)}</dd>
                <dt className="font-medium text-slate-700">Duration</dt>
                <dd className="tabular-nums">{minutesAndSeconds(note.duration)}</dd>
                <dt className="font-medium text-slate-700">Notes</dt>
                <dd className="whitespace-pre-wrap break-words">{note.notes}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
