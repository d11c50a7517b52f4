import { useEffect, useId, useState } from 'react';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { Button } from '../../../ui/Button';

interface TimeTakenFieldProps {
  seconds: number;
  /** The clinician typed a time: the timer stops, their figure stands. */
  onChange: (seconds: number) => void;
  running: boolean;
  onToggleTimer: () => void;
}

const split = (total: number) => ({ minutes: String(Math.floor(total / 60)), seconds: String(total % 60) });
const wholeOrZero = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : 0);

/**
 * "Time taken" of a step in minutes and seconds (spec 001 section 3: time_taken, kept in seconds),
 * counted by the step's timer and corrected by the clinician: typing a figure stops the timer, which
 * the button starts again from that figure. The boxes keep what is typed while the timer ticks
 * elsewhere, and follow the timer when they hold its last figure.
 */
export function TimeTakenField({ seconds, onChange, running, onToggleTimer }: TimeTakenFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => split(seconds));
  useEffect(() => {
    setText((shown) => (wholeOrZero(shown.minutes) * 60 + wholeOrZero(shown.seconds) === seconds ? shown : split(seconds)));
  }, [seconds]);
  const change = (part: 'minutes' | 'seconds', value: string) => {
    const next = { ...text, [part]: value };
    setText(next);
    onChange(wholeOrZero(next.minutes) * 60 + wholeOrZero(next.seconds));
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Time taken</legend>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-m`} className="block text-xs text-slate-600">
            Minutes
          </label>
          <input
            id={`${id}-m`}
            type="number"
            inputMode="numeric"
            min={0}
            className={`mt-1 w-24 ${INPUT_CLASSES}`}
            value={text.minutes}
            onChange={(event) => change('minutes', event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-s`} className="block text-xs text-slate-600">
            Seconds
          </label>
          <input
            id={`${id}-s`}
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            className={`mt-1 w-24 ${INPUT_CLASSES}`}
            value={text.seconds}
            onChange={(event) => change('seconds', event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2 pb-0.5">
          <span className="flex items-center gap-1.5 text-sm text-slate-600">
            <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${running ? 'animate-pulse bg-green-600' : 'bg-slate-400'}`} />
            {running ? 'Timer running' : 'Timer stopped'}
          </span>
          <Button variant="ghost" onClick={onToggleTimer}>
            {running ? 'Stop timer' : 'Start timer'}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
