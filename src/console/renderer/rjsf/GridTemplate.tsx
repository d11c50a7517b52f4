import type { GridTemplateProps } from '@rjsf/utils';
import { useId } from 'react';

/** Tailwind needs whole class names in the source: the field grid of a section by its number of columns. */
const COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' };
const fieldGrid = (columns: unknown) => `grid grid-cols-1 items-start gap-x-6 gap-y-4 ${COLUMNS[typeof columns === 'number' ? columns : 2] ?? ''}`;

/**
 * The boxes of a sectioned form (core/formLayout.ts gives each its `layout`): the sections one under
 * another, a section as a titled region with its fields in a grid, a group (a condition block) as a
 * titled panel across the whole section.
 */
export function GridTemplate({ children, layout, title, description, columns }: GridTemplateProps) {
  const headingId = useId();
  switch (layout) {
    case 'section':
      return (
        <section aria-labelledby={headingId} className="border-b border-slate-200 pb-6 last:border-b-0 last:pb-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {String(title)}
          </h2>
          {typeof description === 'string' && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          <div className={`mt-4 ${fieldGrid(columns)}`}>{children}</div>
        </section>
      );
    case 'group':
      return (
        <section aria-labelledby={headingId} className="col-span-full rounded-md border border-slate-200 bg-slate-50 p-4">
          <h3 id={headingId} className="text-sm font-semibold text-slate-800">
            {String(title)}
          </h3>
          <div className={`mt-3 ${fieldGrid(columns)}`}>{children}</div>
        </section>
      );
    default:
      return <div className="space-y-6">{children}</div>;
  }
}
