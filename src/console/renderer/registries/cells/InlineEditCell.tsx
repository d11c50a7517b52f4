import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { INLINE_EDIT_DEBOUNCE_MS, INLINE_EDIT_HIGHLIGHT_MS } from '../../../../domain/enrollmentQueue';
import { useDataProvider } from '../../../api/DataProviderContext';
import { labelOf } from '../../core/fieldViews';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { defineCell } from './cellTypes';

/** Spec 001 section 8: the text under the field when the server gives no message of its own. */
export const INLINE_EDIT_ERROR = 'Failed to update value';

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A field edited in its row (the enrollment queue's onboarding IMEI and notes): saved with PATCH
 * `{field: text}` to the record of `resource` once typing has paused for 1 s (an emptied field
 * is sent as null), highlighted for 2 s when saved, and the server's message (or 'Failed to update
 * value') under it when not. Clicks and keys stay in the cell: they do not open the row.
 */
export const inlineEditCell = defineCell(
  {
    type: 'object',
    properties: { resource: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 }, maxLength: { type: 'integer', minimum: 1 } },
    required: ['resource'],
    additionalProperties: false,
  },
  function InlineEditCell({ value, record, field = '', options }) {
    const dataProvider = useDataProvider();
    const queryClient = useQueryClient();
    const messageId = useId();
    const [text, setText] = useState(() => asText(value));
    const saved = useRef(asText(value));
    const [highlight, setHighlight] = useState(false);
    const save = useMutation({
      mutationFn: (next: string) =>
        dataProvider.update(options.resource, record.id as number, { [field]: next === '' ? null : next }, { method: 'PATCH' }),
      onSuccess: (_, next) => {
        saved.current = next;
        setHighlight(true);
        void queryClient.invalidateQueries({ queryKey: [options.resource] });
      },
    });
    const { mutate } = save;

    useEffect(() => {
      if (text === saved.current) return undefined;
      const timer = setTimeout(() => mutate(text), INLINE_EDIT_DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }, [text, mutate]);
    useEffect(() => {
      if (!highlight) return undefined;
      const timer = setTimeout(() => setHighlight(false), INLINE_EDIT_HIGHLIGHT_MS);
      return () => clearTimeout(timer);
    }, [highlight]);
    // A newer value from the server replaces the text only while the user has nothing unsaved.
    useEffect(() => {
      if (text === saved.current && asText(value) !== saved.current) {
        saved.current = asText(value);
        setText(asText(value));
      }
      // Only a new value from the server re-runs this, never the user's typing.
    }, [value]);

    const error = save.isError ? save.error.message || INLINE_EDIT_ERROR : undefined;
    const ring = error ? 'ring-2 ring-red-500' : highlight ? 'ring-2 ring-green-500 bg-green-50' : '';
    return (
      <div className="min-w-40" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        <input
          type="text"
          className={`${INPUT_CLASSES} ${ring}`}
          aria-label={options.label ?? labelOf(field)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          maxLength={options.maxLength}
          value={text}
          data-state={save.isPending ? 'saving' : highlight ? 'saved' : error ? 'error' : 'idle'}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id={messageId} role="alert" className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  },
);
