/// <reference types="vite/client" />
import type { ScreenDefinition } from '../../../schemas/screen';
import { namesFormFragment } from '../../../schemas/screenFragments';
import { onDemand, type OnDemand } from '../ui/onDemand';
import { bundledScreens, type LoadedScreen } from './core/definitions';

// The files of screens/ are bundled, so that a page never waits for GET /api/screens, each in a chunk
// of its own fetched when its page opens (the shell starts it with the session's calls, see
// preloadScreenAt). The screens test validates every one of them, so they are taken as they are here.
// screens/screen.schema.json beside them is the emitted meta-schema, no screen (see isScreenFile).
const files = import.meta.glob<ScreenDefinition>(['../../../screens/*.json', '!../../../screens/screen.schema.json'], { import: 'default' });
const definitions = new Map<string, OnDemand<LoadedScreen>>();

/** A bundled screen's definition, with its form's fragment merged in, fetched once; undefined for an id no file has. */
export function bundledDefinition(id: string): OnDemand<LoadedScreen> | undefined {
  const screen = bundledScreens.get(id);
  const load = screen && files[`../../../${screen.file}`];
  if (!screen || !load) return undefined;
  let source = definitions.get(id);
  if (!source) {
    // The fragments (screens/fragments, a chunk of their own) are fetched only for a form that names
    // one (the patient form): a list page does not load the forms' fragments (issue 20).
    source = onDemand(async () => {
      const definition = await load();
      if (!namesFormFragment(definition)) return { definition, file: screen.file };
      const { withFormFragment } = await import('./core/formFragments');
      return { definition: withFormFragment(definition, screen.file), file: screen.file };
    });
    definitions.set(id, source);
  }
  return source;
}
