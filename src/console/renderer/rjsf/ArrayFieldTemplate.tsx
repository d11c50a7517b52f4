import { getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { Button } from '../../ui/Button';

/**
 * A list of objects (a patient's insurances): a titled box with one row per item and an Add
 * button (`ui:options.addLabel`, 'Add' by default) while more may be added.
 */
export function ArrayFieldTemplate({ title, uiSchema, items, canAdd, onAddClick, disabled, readonly, fieldPathId, required }: ArrayFieldTemplateProps) {
  const options = getUiOptions(uiSchema);
  const heading = String(options.title ?? title);
  return (
    <fieldset id={fieldPathId.$id} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {heading}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {items.length > 0 && <div className="space-y-2">{items}</div>}
      {canAdd && (
        <Button onClick={onAddClick} disabled={disabled || readonly}>
          {String(options.addLabel ?? 'Add')}
        </Button>
      )}
    </fieldset>
  );
}
