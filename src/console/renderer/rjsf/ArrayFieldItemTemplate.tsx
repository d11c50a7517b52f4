import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { Button } from '../../ui/Button';

/** One item of a list of objects: its fields, and a Remove button that names the item for screen readers. */
export function ArrayFieldItemTemplate({ children, buttonsProps, index, disabled, readonly }: ArrayFieldItemTemplateProps) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-slate-200 p-3">
      <div className="min-w-0 flex-1">{children}</div>
      {buttonsProps.hasRemove && (
        <Button variant="ghost" className="mt-6" aria-label={`Remove item ${index + 1}`} onClick={buttonsProps.onRemoveItem} disabled={disabled || readonly}>
          Remove
        </Button>
      )}
    </div>
  );
}
