import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const FILE = 'screens/patients.show.json';
const load = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../..', FILE), 'utf8')) as {
    actions: { name: string; form: { properties: Record<string, unknown> } }[];
  };
/** Mark Consented's dialog, which asks for a date of birth, and where it stands among the record's actions. */
const markConsented = (definition: ReturnType<typeof load>) => {
  const index = definition.actions.findIndex((action) => action.name === 'mark_consented');
  return { index, form: definition.actions[index]?.form };
};

describe("a form's JSON Schema is checked by the Ajv that validates the form", () => {
  afterEach(() => vi.restoreAllMocks());

  // The console checks every published definition on each screen: a warning here was one per list page.
  it('knows the formats of entity fields (the birthdate a dialog asks for is a date): no "unknown format" warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const definition = load();
    expect(markConsented(definition).form?.properties.birthdate).toMatchObject({ format: 'date' });
    expect(validateScreen(definition, FILE, screenRegistries)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('still refuses a form schema that is not one', () => {
    const definition = load();
    const { index, form } = markConsented(definition);
    if (form) form.properties.birthdate = { type: 'calendar' };
    expect(validateScreen(definition, FILE, screenRegistries)).toContainEqual(
      expect.stringMatching(new RegExp(`^screens/patients\\.show\\.json: /actions/${index}/form/properties: not a valid JSON Schema`)),
    );
  });
});
