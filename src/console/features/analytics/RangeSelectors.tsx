import { useId } from 'react';
import { METRIC_FREQUENCIES, type MetricFrequency } from '../../../../schemas/payloads/metrics';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { FREQUENCY_LABELS, RANGE_MONTHS, type RangeMonths } from './analytics.utils';

export interface RangeChoice {
  freq: MetricFrequency;
  months: RangeMonths;
}

/** The frequency (day, week, month) and range (3, 6, 12 months) of a section's charts (spec 002 section 9). */
export function RangeSelectors({ value, onChange, label }: { value: RangeChoice; onChange: (next: RangeChoice) => void; label: string }) {
  const id = useId();
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-freq`} className="block text-xs font-medium text-slate-600">
          Frequency
        </label>
        <select
          id={`${id}-freq`}
          className={INPUT_CLASSES}
          value={value.freq}
          onChange={(event) => onChange({ ...value, freq: event.target.value as MetricFrequency })}
        >
          {METRIC_FREQUENCIES.map((freq) => (
            <option key={freq} value={freq}>
              {FREQUENCY_LABELS[freq]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-months`} className="block text-xs font-medium text-slate-600">
          Range
        </label>
        <select
          id={`${id}-months`}
          className={INPUT_CLASSES}
          value={value.months}
          onChange={(event) => onChange({ ...value, months: Number(event.target.value) as RangeMonths })}
        >
          {RANGE_MONTHS.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
