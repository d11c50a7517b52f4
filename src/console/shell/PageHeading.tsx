import { Breadcrumbs } from './Breadcrumbs';
import { useCurrentPageHeader } from './pageHeader';

/** The current page's breadcrumbs and title. */
export function PageHeading() {
  const { title, breadcrumbs } = useCurrentPageHeader();
  return (
    <div className="mb-6 space-y-1">
      <Breadcrumbs items={breadcrumbs} />
      {title && <h1 className="text-2xl font-semibold break-words text-slate-900">{title}</h1>}
    </div>
  );
}
