import type { StepMark, StepTemplate } from '../../../../domain/clinicalActivities';

interface StepNavigationProps {
  steps: readonly StepTemplate[];
  /** One mark per step (the review's own is `current` while it is shown). */
  marks: readonly StepMark[];
  /** steps.length when Review & Submit is shown. */
  current: number;
  /** Whether a step (or the review, at steps.length) may be opened from here. */
  canOpen: (index: number) => boolean;
  onOpen: (index: number) => void;
}

const MARK_WORDS: Record<StepMark, string> = { completed: 'completed', current: 'current step', not_completed: 'not completed' };

function Dot({ mark, number }: { mark: StepMark; number: number | string }) {
  const classes = {
    completed: 'bg-green-600 text-white',
    current: 'bg-blue-700 text-white ring-4 ring-blue-100',
    not_completed: 'bg-white text-slate-600 ring-1 ring-inset ring-slate-300',
  }[mark];
  return (
    <span aria-hidden="true" className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${classes}`}>
      {mark === 'completed' ? '✓' : number}
    </span>
  );
}

/**
 * The steps of a run (spec 001 section 4: "Sidebar steps are marked completed, current or not
 * completed"), then Review & Submit. From 768 px a list beside the step; on a phone one line above it
 * (the step's number of the total and a bar of the marks). A step opens from here once reached.
 */
export function StepNavigation({ steps, marks, current, canOpen, onOpen }: StepNavigationProps) {
  const reviewMark: StepMark = current === steps.length ? 'current' : 'not_completed';
  const entries = [
    ...steps.map((step, index) => ({ title: step.step_title, mark: marks[index] ?? 'not_completed' })),
    { title: 'Review & Submit', mark: reviewMark },
  ];
  const shown = entries[current];
  return (
    <nav aria-label="Steps" className="md:w-60 md:shrink-0">
      <div className="md:hidden">
        <p className="text-sm font-medium text-slate-900">
          {current < steps.length ? `Step ${String(current + 1)} of ${String(steps.length)}` : 'Review'}: {shown?.title}
        </p>
        <ol className="mt-2 flex gap-1" aria-label="Progress">
          {entries.map((entry, index) => (
            <li
              key={index}
              className={`h-1.5 flex-1 rounded-full ${entry.mark === 'completed' ? 'bg-green-600' : entry.mark === 'current' ? 'bg-blue-700' : 'bg-slate-200'}`}
            >
              <span className="sr-only">
                {entry.title}: {MARK_WORDS[entry.mark]}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <ol className="hidden space-y-1 md:block">
        {entries.map((entry, index) => {
          const open = canOpen(index) && index !== current;
          const body = (
            <>
              <Dot mark={entry.mark} number={index < steps.length ? index + 1 : '✓'} />
              <span className="min-w-0 flex-1">
                <span className={`block truncate text-sm ${entry.mark === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{entry.title}</span>
                <span className="sr-only">, {MARK_WORDS[entry.mark]}</span>
              </span>
            </>
          );
          return (
            <li key={index}>
              {open ? (
                <button
                  type="button"
                  onClick={() => onOpen(index)}
                  className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {body}
                </button>
              ) : (
                <div
                  aria-current={index === current ? 'step' : undefined}
                  className={`flex items-center gap-3 rounded-md px-2 py-2 ${index === current ? 'bg-blue-50' : ''}`}
                >
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
