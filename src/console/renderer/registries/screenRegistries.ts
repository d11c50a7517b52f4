import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { CoreRegistries } from '../core/coreRegistries';
import { genericCells } from './cells';
import type { CellProps } from './cells/cellTypes';
import { genericFilters } from './filters';
import type { FilterEntry } from './filters/filterTypes';
import type { RegistryEntry } from './registryEntry';
import { genericWidgets } from './widgets';
import type { WidgetProps } from './widgets/widgetTypes';

type Registry<E> = Readonly<Record<string, E>>;

/**
 * Every name a definition may give, resolved: the renderer's generic entries and the features'
 * (src/console/features composes them once and hands them to the ScreenEnvironmentProvider and to
 * validateScreen). Actions are not here: their types are the meta-schema's own union.
 */
export interface ScreenRegistries extends CoreRegistries {
  /** A field view's `"cell"`. */
  cells: Registry<RegistryEntry<CellProps>>;
  /** A list filter's `"type"`: its control and its query. */
  filters: Registry<FilterEntry>;
  /** A card's or section's `"widget": {"name"}`. */
  widgets: Registry<RegistryEntry<WidgetProps>>;
  /** `"ui:widget"` names beside RJSF's and the theme's own. */
  rjsfWidgets: RegistryWidgetsType;
  /** `"ui:field"` names beside RJSF's own. */
  rjsfFields: RegistryFieldsType;
  /** The roles a `role` condition may name. */
  roles: readonly string[];
  /** The permission keys a `permission` or `scope` condition may name. */
  permissionKeys: readonly string[];
}

const REGISTRY_NAMES = [
  'cells',
  'filters',
  'widgets',
  'rules',
  'choices',
  'fieldRules',
  'formGenerators',
  'rjsfWidgets',
  'rjsfFields',
  'entities',
  'resourceEntities',
  'labels',
] as const satisfies readonly (keyof ScreenRegistries)[];
type RegistryName = (typeof REGISTRY_NAMES)[number];

/** What a feature (or the renderer itself) contributes: entries of any of the registries. */
export type RegistryContribution = { readonly [K in RegistryName]?: ScreenRegistries[K] };

type Part<C, K extends RegistryName> = C extends { readonly [P in K]: infer M } ? M : unknown;
type Merged<T extends readonly unknown[], K extends RegistryName> = T extends readonly [infer Head, ...infer Rest] ? Part<Head, K> & Merged<Rest, K> : unknown;
/** The contributions merged; each registry keeps its entries' names, so that `registries.cells.imei` is typed. */
type ComposedRegistries<T extends readonly RegistryContribution[]> = { readonly [K in RegistryName]: Merged<T, K> };

/** The renderer's own entries, which know no domain: date, badge and text cells, select and date range filters, a count widget. */
export const genericRegistries = { cells: genericCells, filters: genericFilters, widgets: genericWidgets } as const satisfies RegistryContribution;

/**
 * The registries of several contributions, each one's entries sorted by name (the order the
 * resolver lists them in when a name is unknown). A name two contributions give is a mistake,
 * refused at once rather than one silently replacing the other.
 * `composeRegistries(genericRegistries, devicesFeature, patientsFeature)`.
 */
export function composeRegistries<const T extends readonly RegistryContribution[]>(...contributions: T): ComposedRegistries<T> {
  const registry = (name: RegistryName) => {
    const entries = contributions.flatMap((contribution) => Object.entries(contribution[name] ?? {}));
    const names = entries.map(([entryName]) => entryName);
    const twice = names.find((entryName, i) => names.indexOf(entryName) !== i);
    if (twice !== undefined) throw new Error(`Two contributions to the screen registries name the ${name} entry "${twice}"`);
    return [name, Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)))] as const;
  };
  return Object.fromEntries(REGISTRY_NAMES.map(registry)) as ComposedRegistries<T>;
}
