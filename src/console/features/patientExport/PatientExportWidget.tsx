import { useId, useMemo, useState } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { monthChoices, registrationOf } from './monthChoices';
import { usePatientExport } from './usePatientExport';

/**
 * The Care Services tab's "Export patient data" (spec 001 section 2): a month, from the patient's
 * registration month (the earlier of the patient's `created_at` and the account's
 * `user.registered_on`) to the current one of the user's zone, newest first, and Export, which
 * downloads that month's PDF (GET patients/{id}/export) with the spec's toasts.
 */
export function PatientExportWidget() {
  const context = useEvalContext();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const record = context.record as { id?: number; created_at?: unknown; user?: { registered_on?: unknown } | null } | undefined;
  const choices = useMemo(
    () => monthChoices(registrationOf(record?.created_at, record?.user?.registered_on), new Date(), timeZone),
    [record?.created_at, record?.user?.registered_on, timeZone],
  );
  const [chosen, setChosen] = useState<string>();
  const month = chosen !== undefined && choices.some((c) => c.value === chosen) ? chosen : (choices[0]?.value ?? '');
  const exporting = usePatientExport(record?.id);
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-56 max-md:flex-1">
        <label htmlFor={selectId} className="block text-xs font-medium text-slate-600">
          Month
        </label>
        <select id={selectId} className={`${INPUT_CLASSES} mt-1`} value={month} onChange={(event) => setChosen(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <Button disabled={exporting.isPending || record?.id === undefined || month === ''} onClick={() => exporting.mutate(month)}>
        {exporting.isPending ? 'Exporting…' : 'Export'}
      </Button>
    </div>
  );
}
