import { useId } from 'react';
import type { ShowBody } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import { getPath, type ApiRow } from '../core/context';
import type { SchemaNode } from '../core/entityFields';
import { resolveFieldView } from '../core/fieldViews';
import { at, type DefinitionLocation } from '../core/resolve';
import { useEvalContext } from '../scopeContext';
import { FieldCell } from './FieldCell';

type ChartBannerDefinition = NonNullable<ShowBody['banner']>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

interface ChartBannerProps {
  banner: ChartBannerDefinition;
  record: ApiRow;
  entity: SchemaNode;
  /** The location of the banner's items array. */
  location: DefinitionLocation;
}

/**
 * The chart banner at the top of a record (a patient's status, programs, devices, allergies, open
 * tasks, last readings): a region named by the definition's `label` holding a description list. Each
 * value is a group named by its term, so that it can be found by name ("Status"): a term and a
 * definition cannot carry a name themselves (ARIA 1.3). A value shows through its cell, or as the
 * item's `empty` text.
 * Items flow in a wrapping row, so that a narrow screen stacks them instead of overflowing.
 */
export function ChartBanner({ banner, record, entity, location }: ChartBannerProps) {
  const context = useEvalContext({ record });
  const id = useId();
  return (
    <section aria-label={banner.label} className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
      <dl className="flex flex-wrap gap-x-8 gap-y-3">
        {banner.items.map((item, i) => {
          const view = resolveFieldView(item, entity);
          if (!evaluateCondition(view.visibleWhen, context)) return null;
          const masked = view.maskedWhen !== undefined && evaluateCondition(view.maskedWhen, context);
          const empty = item.empty !== undefined && !masked && isEmpty(getPath(record, view.field));
          const term = `${id}-term-${i}`;
          return (
            <div key={`${view.field}-${i}`} className="min-w-0 max-w-full">
              <dt id={term} className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {view.label}
              </dt>
              <dd className="mt-1 text-sm break-words text-slate-900">
                <div role="group" aria-labelledby={term}>
                  {empty ? <span className="text-slate-600">{item.empty}</span> : <FieldCell view={view} record={record} location={at(location, i)} />}
                </div>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
