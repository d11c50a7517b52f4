import type { ScreenOf } from '../../../../../schemas/screen';
import { at } from '../../core/resolve';
import { CardView } from '../../parts/CardView';
import { usePageMeta } from '../../parts/usePageMeta';
import { useScreenScope } from '../../scopeContext';

/** The dashboard kind: sections (lists, widgets), each shown only where its condition holds (spec 001: Home). */
export function DashboardScreen({ definition }: { definition: ScreenOf<'dashboard'> }) {
  const { location } = useScreenScope();
  usePageMeta(definition);
  return (
    // Two columns on a wide screen unless the definition asks one (wide lists); a dashboard of one section (a calendar) takes the whole width.
    <div className={`grid grid-cols-1 gap-4 ${definition.sections.length > 1 && definition.columns !== 1 ? 'xl:grid-cols-2' : ''}`}>
      {definition.sections.map((section, i) => (
        <CardView key={section.title} card={section} location={at(location, 'sections', i)} />
      ))}
    </div>
  );
}
