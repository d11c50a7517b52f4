import type { ScreenDefinition } from '../../../../schemas/screen';
import { usePageHeader } from '../../shell/pageHeader';
import type { ApiRow } from '../core/context';
import { fillTemplate } from '../core/templates';
import { withRememberedListAddress } from '../listAddressMemory';
import { useEvalContext } from '../scopeContext';

/**
 * Gives the shell the screen's title and breadcrumbs, templates filled from the record once it is
 * there. A crumb back to a list returns to it as the user left it (its search, page, filters).
 */
export function usePageMeta(definition: ScreenDefinition, record?: ApiRow): void {
  const context = useEvalContext(record ? { record } : undefined);
  const title = fillTemplate(definition.title, context);
  const crumbs = (definition.breadcrumbs ?? [{ label: definition.title }]).map((crumb) => ({
    label: fillTemplate(crumb.label, context),
    ...(crumb.to ? { path: withRememberedListAddress(fillTemplate(crumb.to, context)) } : {}),
  }));
  usePageHeader(title, crumbs);
}
