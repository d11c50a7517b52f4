import { withFormFragment } from '../core/formFragments';
import type { ScreenRegistries } from '../registries/screenRegistries';
import { checkDefinition } from './checkDefinition';
import { checkRegistriesOf } from './checkRegistriesOf';

/**
 * Every problem of a screen definition, each as "file: /json/path: what is wrong", against the
 * registries it will be shown with (./checkDefinition.ts says what is checked), its form fragment
 * merged in first. An empty list means the renderer can show it.
 * `validateScreen(definition, 'screens/devices.list.json', screenRegistries)`.
 */
export function validateScreen(unresolved: unknown, file: string, registries: ScreenRegistries): string[] {
  // A form fragment is checked as part of each form that uses it.
  let candidate: unknown;
  try {
    candidate = withFormFragment(unresolved, file);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  return checkDefinition(candidate, file, checkRegistriesOf(registries));
}
