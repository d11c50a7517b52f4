import { useId } from 'react';
import { labelOf } from '../../renderer/core/fieldViews';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { useInlineEdit } from './useInlineEdit';
import { inlineEditCellOptions } from './InlineEditCell.options';

/**
 * A field edited in its row (the enrollment queue's onboarding IMEI and notes), saved to the record
 * of `resource` as the user types (useInlineEdit), highlighted when saved and with the server's
 * message under it when not. Clicks and keys stay in the cell: they do not open the row.
 */
export const inlineEditCell = defineCell(inlineEditCellOptions, function InlineEditCell({ value, record, field = '', options }) {
  const messageId = useId();
  const edit = useInlineEdit({ resource: options.resource, id: record.id as number, field, value });
  const ring = edit.error ? 'ring-2 ring-red-500' : edit.saved ? 'ring-2 ring-green-500 bg-green-50' : '';
  return (
    <div className="min-w-40" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <input
        type="text"
        className={`${INPUT_CLASSES} ${ring}`}
        aria-label={options.label ?? labelOf(field)}
        aria-invalid={edit.error ? true : undefined}
        aria-describedby={edit.error ? messageId : undefined}
        maxLength={options.maxLength}
        value={edit.text}
        data-state={edit.saving ? 'saving' : edit.saved ? 'saved' : edit.error ? 'error' : 'idle'}
        onChange={(event) => edit.setText(event.target.value)}
      />
      {edit.error && (
        <p id={messageId} role="alert" className="mt-1 text-xs text-red-700">
          {edit.error}
        </p>
      )}
    </div>
  );
});
