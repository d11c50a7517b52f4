import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useDataProvider } from '../../../api/DataProviderContext';
import { getPath, timeZoneOf } from '../../core/context';
import { evaluateCondition } from '../../core/conditions';
import { formatDateTime } from '../../core/format';
import { useScreenEnvironment } from '../../environmentContext';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { useNotify } from '../../skin/toasts';
import { defineWidget } from './widgetTypes';

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A free-text field of the record saved when the box loses focus (spec 001, the patient notes):
 * PATCH `{field: text}` (an emptied box sends null) only when the text changed, then "Saved at
 * {time}" under it; on failure the error toast, and the text stays for another try. Read-only
 * unless `editableWhen` holds.
 */
export const recordNotesWidget = defineWidget(
  {
    type: 'object',
    properties: {
      resource: { type: 'string', minLength: 1 },
      field: { type: 'string', minLength: 1 },
      label: { type: 'string', minLength: 1 },
      placeholder: { type: 'string' },
      maxLength: { type: 'integer', minimum: 1 },
      error: { type: 'string', minLength: 1 },
      editableWhen: { type: 'object' },
    },
    required: ['resource', 'field', 'label', 'error'],
    additionalProperties: false,
  },
  function RecordNotesWidget({ options }) {
    const { record } = useScreenScope();
    const context = useEvalContext();
    const dataProvider = useDataProvider();
    const queryClient = useQueryClient();
    const notify = useNotify();
    const timeZone = timeZoneOf(useScreenEnvironment());
    const statusId = useId();
    const stored = asText(getPath(record, options.field));
    const [text, setText] = useState(stored);
    const saved = useRef(stored);
    const [savedAt, setSavedAt] = useState<Date | undefined>();
    const editable = options.editableWhen === undefined || evaluateCondition(options.editableWhen, context);

    const save = useMutation({
      mutationFn: (next: string) => dataProvider.update(options.resource, record?.id as number, { [options.field]: next === '' ? null : next }, { method: 'PATCH' }),
      onSuccess: (_, next) => {
        saved.current = next;
        setSavedAt(new Date());
        void queryClient.invalidateQueries({ queryKey: [options.resource] });
      },
      onError: () => notify(options.error, 'error'),
    });
    // A newer value from the server replaces the text only while nothing typed is unsaved.
    useEffect(() => {
      if (text === saved.current && stored !== saved.current) {
        saved.current = stored;
        setText(stored);
      }
      // Only a new stored value re-runs this, never the typing.
    }, [stored]);

    return (
      <div>
        <textarea
          className={`${INPUT_CLASSES} min-h-24`}
          aria-label={options.label}
          aria-describedby={statusId}
          placeholder={options.placeholder}
          maxLength={options.maxLength}
          readOnly={!editable}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            if (editable && text !== saved.current && !save.isPending) save.mutate(text);
          }}
        />
        <p id={statusId} className="mt-1 text-xs text-slate-500" aria-live="polite">
          {save.isPending ? 'Saving…' : savedAt ? `Saved at ${formatDateTime(savedAt.toISOString(), timeZone)}` : ''}
        </p>
      </div>
    );
  },
);
