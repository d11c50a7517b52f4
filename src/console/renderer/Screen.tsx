import { useMemo, type ComponentType } from 'react';
import { Redirect, useRoute } from 'wouter';
import { usePageHeader } from '../shell/pageHeader';
import type { ScreenDefinition } from '../../../schemas/screen';
import { evaluateCondition } from './core/conditions';
import { routePattern } from './core/routePattern';
import { useScreenEnvironment, useScreenRegistries } from './environmentContext';
import { preloadScreenKind, screenKinds } from './kinds';
import { preloadScreenParts as preloadParts } from './registries/lazyEntry';
import type { ScreenRegistries } from './registries/screenRegistries';
import { ScopeContext, type ScreenScope } from './scopeContext';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { EmptyState, ErrorMessage, Loading } from './skin/StatusViews';
import { useEffectiveScreen } from './useEffectiveScreen';

export { screenRoutes } from './screenRoutes';
export { ScreenEnvironmentProvider } from './ScreenEnvironmentProvider';

/**
 * Starts fetching what a page's definition needs that loads on demand: its kind's code and the
 * widgets, form parts and filters it names (registries/lazyEntry.tsx). The shell calls it as soon as
 * it holds the definition and the renderer, before the session's calls are answered.
 */
export function preloadScreenParts(definition: unknown, registries: ScreenRegistries): void {
  if (typeof definition === 'object' && definition !== null) preloadScreenKind(definition);
  preloadParts(definition, registries);
}

/** When a definition words no refusal of its own. */
const FORBIDDEN_TEXT = 'You do not have access to this page.';
const FORBIDDEN_TITLE = 'Access denied';

/** A screen the user may not open: a page of its own, titled, rather than the last page's header over a refusal. */
function Refused({ text }: { text: string }) {
  usePageHeader(FORBIDDEN_TITLE);
  return <EmptyState>{text}</EmptyState>;
}

/** A definition drawn in a scope: its access checked, then its kind (Screen and ScreenPreview draw through it). */
export function ScreenBody({ definition, scope }: { definition: ScreenDefinition; scope: ScreenScope }) {
  const environment = useScreenEnvironment();
  const registries = useScreenRegistries();
  if (!evaluateCondition(definition.access, { ...environment, registries, params: scope.params })) {
    // A screen may send those it refuses elsewhere (spec 002: /account/enrolled-patients to / without patients.list).
    if (definition.refusedRedirect) return <Redirect to={definition.refusedRedirect} replace />;
    return <Refused text={definition.texts?.forbidden ?? FORBIDDEN_TEXT} />;
  }
  const Kind = screenKinds[definition.kind] as ComponentType<{ definition: ScreenDefinition }>;
  return <Kind definition={definition} />;
}

/**
 * The screen of an id, from its effective definition (the published version when newer, else the
 * bundled file), with the route's parameters: `<Route path="/devices/:id/show"><Screen id="devices.show" /></Route>`.
 */
export function Screen({ id }: { id: string }) {
  const effective = useEffectiveScreen(id);
  const loaded = effective?.status === 'ready' ? effective.module : undefined;
  const [, matched] = useRoute(loaded ? routePattern(loaded.definition) : '/__no_screen__');
  // useRoute answers a new object on every render; the scope changes only with the values.
  const paramsKey = JSON.stringify(matched ?? {});
  const scope = useMemo<ScreenScope | undefined>(
    () => loaded && { screenId: id, location: { file: loaded.file, path: '' }, params: JSON.parse(paramsKey) as ScreenScope['params'] },
    [id, loaded, paramsKey],
  );
  if (effective?.status === 'loading') return <Loading />;
  if (effective?.status === 'failed') return <ErrorMessage error={effective.error} />;
  if (!loaded || !scope) return <ErrorMessage error={new Error(`There is no screen "${id}".`)} />;
  return (
    <ScopeContext.Provider value={scope}>
      <ScreenErrorBoundary key={`${id}:${loaded.definition.version}`}>
        <ScreenBody definition={loaded.definition} scope={scope} />
      </ScreenErrorBoundary>
    </ScopeContext.Provider>
  );
}
