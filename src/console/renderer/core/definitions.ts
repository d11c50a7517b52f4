/// <reference types="vite/client" />
import { SCREEN_FORMAT_VERSION, type ScreenDefinition } from '../../../../schemas/screen';
import { withFormFragment } from './formFragments';
import { DefinitionError } from './resolve';

export interface LoadedScreen {
  definition: ScreenDefinition;
  /** `screens/devices.list.json`, or the published version's name. */
  file: string;
}

/** The route a screen answers on; a tabs screen with the tab in the path also takes `/:tab`, and `/:tab/:subtab` when a tab has sub-tabs. */
export function routePattern(definition: ScreenDefinition): string {
  if (definition.kind !== 'tabs' || definition.tabIn === 'query') return definition.route;
  const base = `${definition.route.replace(/\/$/, '')}/:tab?`;
  return definition.tabs.some((tab) => tab.tabs) ? `${base}/:subtab?` : base;
}

/**
 * A definition in the format this console reads. Format 1 is the first, so nothing older exists
 * to migrate yet; a definition written for a newer format is refused rather than half-understood.
 */
export function currentFormat(definition: ScreenDefinition, file: string): ScreenDefinition {
  if (definition.formatVersion > SCREEN_FORMAT_VERSION) {
    throw new DefinitionError(
      { file, path: '/formatVersion' },
      `format ${definition.formatVersion} is newer than this console reads (${SCREEN_FORMAT_VERSION})`,
    );
  }
  return definition;
}

// The files of screens/ are bundled, so that a first paint never waits for GET /api/screens; the
// screens test validates every one of them, so they are taken as they are here.
// screens/screen.schema.json beside them is the emitted meta-schema, no screen (see isScreenFile).
const modules = import.meta.glob<ScreenDefinition>(['../../../../screens/*.json', '!../../../../screens/screen.schema.json'], {
  eager: true,
  import: 'default',
});

/** The bundled definitions by id. */
export const bundledScreens: ReadonlyMap<string, LoadedScreen> = new Map(
  Object.entries(modules).map(([path, definition]) => {
    const file = path.replace(/^(\.\.\/)+/, '');
    return [definition.id, { definition: withFormFragment(definition, file), file }];
  }),
);
