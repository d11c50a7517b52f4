import type { ScreenDefinition } from '../../../../schemas/screen';
import { usePageHeader } from '../../shell/pageHeader';
import type { ApiRow } from '../core/context';
import { fillTemplate } from '../core/templates';
import { useEvalContext } from '../scopeContext';

/** Gives the shell the screen's title and breadcrumbs, templates filled from the record once it is there. */
export function usePageMeta(definition: ScreenDefinition, record?: ApiRow): void {
  const context = useEvalContext(record ? { record } : undefined);
  const title = fillTemplate(definition.title, context);
  const crumbs = (definition.breadcrumbs ?? [{ label: definition.title }]).map((crumb) => ({
    label: fillTemplate(crumb.label, context),
    ...(crumb.to ? { path: fillTemplate(crumb.to, context) } : {}),
  }));
  usePageHeader(title, crumbs);
}
