import { describeScreenChanges } from '../../../domain/screenDiff';
import { withFormFragment } from '../../renderer/core/formFragments';
import type { Definition } from './studioCalls';

/** A definition as it is shown, its form fragment merged in; one naming an unknown fragment as it is (the checks report it). */
const resolved = (definition: Definition) => {
  try {
    return withFormFragment(definition, definition.id);
  } catch {
    return definition;
  }
};

/** The changes from one version of a screen to another, in words, forms compared with their fragments merged in. */
export const changesBetween = (before: Definition, after: Definition): string[] => describeScreenChanges(resolved(before), resolved(after));
