import { useId } from 'react';
import { labelOf } from '../../renderer/core/fieldViews';
import { fillTemplate } from '../../renderer/core/templates';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { isPricingField } from './feePricingEdit';
import { useFeePricingEdit } from './useFeePricingEdit';
import { feePricingCellOptions } from './FeePricingCell.options';

/**
 * A fee-for-service pricing row's negotiated price or volume threshold, edited in its row (spec 002 section 5)
 * and saved when left or on Enter to `path` (a template: `/providers/{params.id}/fee-for-service-pricing`).
 */
export const feePricingCell = defineCell(feePricingCellOptions, function FeePricingCell({ record, field, options }) {
  const context = useEvalContext();
  if (!isPricingField(field)) throw new Error(`fee_pricing edits negotiated_price or volume_threshold, not "${String(field)}"`);
  return <PricingInput path={fillTemplate(options.path, context)} record={record} field={field} label={options.label ?? labelOf(field)} />;
});

function PricingInput({
  path,
  record,
  field,
  label,
}: {
  path: string;
  record: Record<string, unknown>;
  field: 'negotiated_price' | 'volume_threshold';
  label: string;
}) {
  const messageId = useId();
  const edit = useFeePricingEdit(path, record, field);
  return (
    <div className="min-w-28" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step={field === 'negotiated_price' ? 0.01 : 1}
        className={`${INPUT_CLASSES} tabular-nums ${edit.error ? 'ring-2 ring-red-500' : ''}`}
        aria-label={`${label}, ${String(record.cpt_code ?? record.id)}`}
        aria-invalid={edit.error ? true : undefined}
        aria-describedby={edit.error ? messageId : undefined}
        value={edit.text}
        disabled={edit.saving}
        onChange={(event) => edit.setText(event.target.value)}
        onBlur={edit.commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') edit.commit();
        }}
      />
      {edit.error && (
        <p id={messageId} className="mt-1 text-xs text-red-700">
          {edit.error}
        </p>
      )}
    </div>
  );
}
