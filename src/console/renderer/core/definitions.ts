/// <reference types="vite/client" />
import manifest from 'virtual:screen-manifest';
import type { ScreenDefinition } from '../../../../schemas/screen';
import { SCREEN_FORMAT_VERSION } from '../../../../schemas/screenFormat';
import { DefinitionError } from './resolve';

export interface LoadedScreen {
  definition: ScreenDefinition;
  /** `screens/devices.list.json`, or the published version's name. */
  file: string;
}

/** A bundled screen before its file is fetched: id, file, route pattern and version (scripts/vite/screenManifest.ts). */
export type BundledScreen = (typeof manifest)[number];

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

/** The bundled screens by id, known at build time from the manifest; their files are fetched by `bundledDefinition` (../screenFiles.ts). */
export const bundledScreens: ReadonlyMap<string, BundledScreen> = new Map(manifest.map((screen) => [screen.id, screen]));
