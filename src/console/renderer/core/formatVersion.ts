import type { ScreenDefinition } from '../../../../schemas/screen';
import { SCREEN_FORMAT_VERSION } from '../../../../schemas/screenFormat';
import { DefinitionError } from './resolve';

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
