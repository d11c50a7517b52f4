import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { figuresOf } from './analytics.utils';

interface Props {
  kind: 'user' | 'provider';
  label: string;
  answer: Readonly<Record<string, unknown>> | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Seven figures with their labels, as a description list: Your metrics, a provider's summary. */
export function FigureGrid({ kind, label, answer, loading, error, onRetry }: Props) {
  if (error !== undefined) return <ErrorMessage error={error} onRetry={onRetry} />;
  if (loading || !answer) return <Loading />;
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {figuresOf(kind, answer).map((figure) => (
        <div key={figure.key} className="rounded-md bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{figure.value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
