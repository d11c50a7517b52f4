/// <reference types="vite/client" />
import { fragmentsById, resolveFormFragment, type FormFragment } from '../../../../schemas/screenFragments';
import { DefinitionError } from './resolve';

// The fragments of screens/fragments/ are bundled with the screens (see schemas/screenFragments.ts).
const modules = import.meta.glob<FormFragment>('../../../../screens/fragments/*.json', { eager: true, import: 'default' });

/** The bundled fragments by id. */
export const formFragments: ReadonlyMap<string, Record<string, unknown>> = fragmentsById(Object.values(modules));

/**
 * A definition (checked or not yet) with its form's fragment merged in; anything without one as it
 * is. An unknown fragment is a DefinitionError naming the file and `/form/fragment`.
 */
export function withFormFragment<T>(definition: T, file: string): T {
  return resolveFormFragment(definition, formFragments, (message) => new DefinitionError({ file, path: '/form/fragment' }, message));
}
