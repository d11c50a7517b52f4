import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { isScreenFile } from '../../schemas/screenFormat';
import { routePattern, type Routed } from '../../src/console/renderer/core/routePattern';

/** What the console knows of a bundled screen before its file is fetched (src/console/renderer/core/definitions.ts). */
export interface ScreenManifestEntry {
  id: string;
  /** `screens/devices.list.json` */
  file: string;
  /** The route pattern the shell routes to it (routePattern). */
  pattern: string;
  version: number;
}

const MODULE_ID = 'virtual:screen-manifest';
const RESOLVED_ID = `\0${MODULE_ID}`;
const SCREENS_DIR = resolve('screens');

/** Every definition of screens/, read now: the manifest's entries. A file that is not JSON fails the build, naming it. */
export function readScreenManifest(dir = SCREENS_DIR): ScreenManifestEntry[] {
  return readdirSync(dir)
    .filter(isScreenFile)
    .sort()
    .map((name) => {
      const path = join(dir, name);
      let definition: Routed & { id: string; version: number };
      try {
        definition = JSON.parse(readFileSync(path, 'utf8')) as typeof definition;
      } catch (error) {
        throw new Error(`screens/${name}: ${(error as Error).message}`, { cause: error });
      }
      return { id: definition.id, file: `screens/${name}`, pattern: routePattern(definition), version: definition.version };
    });
}

/**
 * `import manifest from 'virtual:screen-manifest'`: each screen's id, file, route pattern and
 * version, computed from screens/ at build time. The console routes and picks published versions
 * with it and fetches a definition's own file only when its page is opened (issue 20: a page does
 * not carry every screen's definition). Editing a file in development reloads the page.
 */
export function screenManifest(): Plugin {
  return {
    name: 'screen-manifest',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const manifest = readScreenManifest();
      // `vite build --watch` rebuilds when a definition changes (the dev server: handleHotUpdate).
      if (this.meta.watchMode) manifest.forEach(({ file }) => this.addWatchFile(resolve(file)));
      return `export default ${JSON.stringify(manifest)};`;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(SCREENS_DIR) || !file.endsWith('.json')) return undefined;
      const module = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (module) server.moduleGraph.invalidateModule(module);
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
