import type { ComponentType, ReactNode } from 'react';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import { preloadChoiceControls } from '../skin/LazyChoiceControls';
import { Loading } from '../skin/StatusViews';
import type { Options, OptionsOf, RegistryEntry } from './registryEntry';
import type { ScreenRegistries } from './screenRegistries';

/**
 * A part of a screen whose code is fetched the first time it is drawn, "Loading…" until it arrives
 * (issue 20: a list page loads no feature's widgets, dialogs or form fields). Not React.lazy:
 * ui/onDemand.ts says why. The features' RJSF widgets and fields are registered this way:
 * `rjsfWidgets: { imei_list: onDemandPart(() => import('./ImeiListWidget').then((m) => m.ImeiListWidget)) }`.
 * `preload()` starts the fetch (preloadRegistries).
 */
export function onDemandPart<P extends object>(load: () => Promise<ComponentType<P>>, loading: ReactNode = <Loading />) {
  return onDemandComponent(load, { loading });
}

/**
 * defineEntry's counterpart for a component fetched on demand: the registry keeps the entry's name
 * and options schema at once (the screens test validates definitions against it synchronously), and
 * the component's module, which exports the plain component with its `options` typed from the same
 * schema (`import type`), loads the first time a screen draws it. `preload` starts the fetch and
 * answers the component.
 * `defineLazyWidget(missingProfileOptions, () => import('./MissingProfileWidget').then((m) => m.MissingProfileWidget))`.
 * `loading` is what stands in until the code arrives ("Loading…" unless given: a cell's is smaller).
 */
export function defineLazyEntry<P extends { options: Options }>(loading?: ReactNode) {
  return <const S extends object>(optionsSchema: S, load: () => Promise<ComponentType<Omit<P, 'options'> & { options: OptionsOf<S> }>>): RegistryEntry<P> => {
    const Component = onDemandPart(load, loading);
    return {
      optionsSchema: optionsSchema,
      Component: Component as unknown as ComponentType<P>,
      preload: async () => (await Component.preload()).Component,
    };
  };
}

/** The registries whose parts may load on demand; a list filter's control (its combobox, skin/LazyRecordCombobox.tsx) and a feature's cell may too. */
type LazyRegistries = Pick<ScreenRegistries, 'widgets' | 'rjsfWidgets' | 'rjsfFields'> & Partial<Pick<ScreenRegistries, 'filters' | 'cells'>>;

/** Whatever an entry or an RJSF widget or field fetched on demand has: its `preload`. */
function preloadOf(part: unknown): (() => Promise<unknown>) | undefined {
  if ((typeof part !== 'object' && typeof part !== 'function') || part === null || !('preload' in part)) return undefined;
  return typeof part.preload === 'function' ? (part.preload as () => Promise<unknown>) : undefined;
}

/**
 * Fetches every widget, RJSF widget, RJSF field, filter and cell of the registries that loads on demand,
 * so that a screen draws them with itself (the screens' tests; a user sees "Loading…" for the moment
 * a chunk takes instead).
 */
export async function preloadRegistries(registries: LazyRegistries): Promise<void> {
  const parts = [
    ...Object.values(registries.widgets),
    ...Object.values(registries.rjsfWidgets),
    ...Object.values(registries.rjsfFields),
    ...Object.values(registries.filters ?? {}),
    ...Object.values(registries.cells ?? {}),
  ];
  const preloads = parts.map(preloadOf).filter((preload) => preload !== undefined);
  await Promise.all(preloads.map((preload) => preload()));
}

/** The lists' selects and switches, as a part loaded on demand. */
const CHOICE_CONTROLS = { preload: preloadChoiceControls };

/** The registry a key of a definition names a part of: `"widget": {"name"}`, `"ui:widget"`, `"ui:field"`, `"cell"`, a list's `"filters": [{"type"}]`; a list's selects and switches. */
function partsNamed(node: unknown, registries: LazyRegistries, found: unknown[]): unknown[] {
  if (Array.isArray(node)) node.forEach((item) => partsNamed(item, registries, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'filters' && Array.isArray(value))
        for (const filter of value as unknown[]) {
          const type = (filter as { type?: unknown } | null)?.type;
          if (typeof type === 'string') found.push(registries.filters?.[type]);
        }
      // A list's toggle, its tabs as a select and its search field selector draw the lists' selects and switches (skin/LazyChoiceControls.tsx).
      const searchFields = key === 'search' ? (value as { fields?: unknown } | null)?.fields : undefined;
      const choiceControls =
        (key === 'toggle' && value !== undefined) || (key === 'tabStyle' && value === 'select') || (Array.isArray(searchFields) && searchFields.length > 1);
      if (choiceControls) found.push(CHOICE_CONTROLS);
      const name = key === 'widget' ? (value as { name?: unknown } | null)?.name : value;
      if (typeof name === 'string' && key === 'widget') found.push(registries.widgets[name]);
      else if (typeof name === 'string' && key === 'ui:widget') found.push(registries.rjsfWidgets[name]);
      else if (typeof name === 'string' && key === 'ui:field') found.push(registries.rjsfFields[name]);
      else if (typeof name === 'string' && key === 'cell') found.push(registries.cells?.[name]);
      partsNamed(value, registries, found);
    }
  }
  return found;
}

/**
 * Starts fetching the parts a definition names that load on demand (its widgets, its form's widgets
 * and fields, its lists' filters and cells), so that the shell, holding the page's definition and the renderer
 * before the session's calls are answered, does not leave a widget's code to be fetched after them.
 */
export function preloadScreenParts(definition: unknown, registries: LazyRegistries): void {
  for (const part of new Set(partsNamed(definition, registries, []))) void preloadOf(part)?.()?.catch(() => undefined);
}
