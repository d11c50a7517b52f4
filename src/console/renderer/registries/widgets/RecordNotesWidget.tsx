import { useId } from 'react';
import { timeZoneOf } from '../../core/context';
import { evaluateCondition } from '../../core/conditions';
import { formatDateTime } from '../../core/format';
import { useScreenEnvironment } from '../../environmentContext';
import { useEvalContext } from '../../scopeContext';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { useRecordNotes } from './useRecordNotes';
import type { OptionsOf } from '../registryEntry';
import type { recordNotesOptions } from './RecordNotesWidget.options';

/**
 * A free-text field of the record saved when the box loses focus (spec 001, the patient notes):
 * PATCH `{field: text}` (an emptied box sends null) only when the text changed, then "Saved at
 * {time}" under it; on failure the error toast, and the text stays for another try. Read-only
 * unless `editableWhen` holds. It loads when a record's page draws it (widgets/index.ts).
 */
export function RecordNotesWidget({ options }: { options: OptionsOf<typeof recordNotesOptions> }) {
  const context = useEvalContext();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const statusId = useId();
  const notes = useRecordNotes(options);
  const editable = options.editableWhen === undefined || evaluateCondition(options.editableWhen, context);

  return (
    <div>
      <textarea
        className={`${INPUT_CLASSES} min-h-24`}
        aria-label={options.label}
        aria-describedby={statusId}
        placeholder={options.placeholder}
        maxLength={options.maxLength}
        readOnly={!editable}
        value={notes.text}
        onChange={(event) => notes.setText(event.target.value)}
        onBlur={() => {
          if (editable) notes.commit();
        }}
      />
      <p id={statusId} className="mt-1 text-xs text-slate-500" aria-live="polite">
        {notes.saving ? 'Saving…' : notes.savedAt ? `Saved at ${formatDateTime(notes.savedAt.toISOString(), timeZone)}` : ''}
      </p>
    </div>
  );
}
