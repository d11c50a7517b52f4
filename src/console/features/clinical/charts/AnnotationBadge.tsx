import type { ReadingAnnotation } from './chartAnswer';
import { annotationBadge } from './annotationForm';

const TONES = {
  flag: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  note: 'bg-blue-50 text-blue-800 ring-blue-600/30',
} as const;

/** A reading's annotation as a badge: 'Flag: Outlier', 'Note: Clinical Note'; the note on hover. */
export function AnnotationBadge({ annotation }: { annotation: Pick<ReadingAnnotation, 'annotation_type' | 'annotation_reason' | 'note'> }) {
  return (
    <span
      title={annotation.note || undefined}
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[annotation.annotation_type]}`}
    >
      {annotationBadge(annotation)}
    </span>
  );
}
