/** Where something sits in a definition: the screen file and a JSON pointer into it. */
export interface DefinitionLocation {
  file: string;
  /** A JSON pointer: `/columns/2/cell`. */
  path: string;
}

/** A definition that says something the renderer cannot do; the message names the file and the JSON path. */
export class DefinitionError extends Error {
  constructor(
    readonly location: DefinitionLocation,
    detail: string,
  ) {
    super(`${location.file}: ${location.path || '/'}: ${detail}`);
    this.name = 'DefinitionError';
  }
}

/** `at(location, 'columns', 2)` -> the location of `/columns/2`. */
export function at(location: DefinitionLocation, ...segments: (string | number)[]): DefinitionLocation {
  const escaped = segments.map((segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1'));
  return { file: location.file, path: [location.path, ...escaped].join('/') };
}

/**
 * The one resolver of every registry (cells, filters, actions, widgets, RJSF widgets): the entry
 * of `name`, or a DefinitionError naming the screen file and the JSON path.
 * `resolveEntry(registries.cells, 'cell', 'imei', at(location, 'columns', 2, 'cell'))`.
 */
export function resolveEntry<E>(registry: Readonly<Record<string, E>>, kind: string, name: string, location: DefinitionLocation): E {
  if (Object.hasOwn(registry, name)) return registry[name] as E;
  throw new DefinitionError(location, `unknown ${kind} "${name}"; known: ${Object.keys(registry).join(', ')}`);
}
