/// <reference types="vite/client" />
import manifest from 'virtual:screen-manifest';
import type { ScreenDefinition } from '../../../../schemas/screen';

export interface LoadedScreen {
  definition: ScreenDefinition;
  /** `screens/devices.list.json`, or the published version's name. */
  file: string;
}

/** A bundled screen before its file is fetched: id, file, route pattern and version (scripts/vite/screenManifest.ts). */
export type BundledScreen = (typeof manifest)[number];

/** The bundled screens by id, known at build time from the manifest; their files are fetched by `bundledDefinition` (../screenFiles.ts). */
export const bundledScreens: ReadonlyMap<string, BundledScreen> = new Map(manifest.map((screen) => [screen.id, screen]));
