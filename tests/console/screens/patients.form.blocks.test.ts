import { describe, expect, it } from 'vitest';
import type { ScreenOf } from '../../../schemas/screen';
import { bundledDefinition } from '../../../src/console/renderer/screenFiles';
import { evaluateCondition } from '../../../src/console/renderer/core/conditions';
import { COMORBIDITIES, PRIMARY_CONDITIONS } from '../../../src/domain/enums';
import { conditionBlocksFor } from '../../../src/domain/patientFormBlocks';
import { environmentFor } from '../helpers/environments';

/** The condition blocks the patient form shows, from its definition: a group's fields are `profile.{block}.*`. */
// The two forms' files, fetched as the console fetches them.
const forms = new Map(await Promise.all(['patients.create', 'patients.edit'].map(async (id) => [id, await bundledDefinition(id)?.preload()] as const)));

function shownBlocks(id: string, form: Record<string, unknown>): string[] {
  const definition = forms.get(id)?.definition as ScreenOf<'form'>;
  const groups = (definition.form.sections ?? []).flatMap((section) => section.groups ?? []);
  const context = { ...environmentFor('admin'), form };
  return groups.filter((group) => evaluateCondition(group.showWhen, context)).map((group) => group.fields[0]?.split('.')[1] ?? '');
}

describe("the patient form's condition blocks", () => {
  it.each(['patients.create', 'patients.edit'])('%s shows exactly the blocks the domain calls for, for every primary condition and comorbidity', (id) => {
    for (const primary of [...PRIMARY_CONDITIONS, undefined]) {
      for (const comorbidity of [...COMORBIDITIES, undefined]) {
        const comorbidities = comorbidity ? [comorbidity] : [];
        const form = { primary_condition: primary, profile: { comorbidities } };
        expect(shownBlocks(id, form).sort(), `${String(primary)} + ${String(comorbidity)}`).toEqual(conditionBlocksFor(primary, comorbidities).sort());
      }
    }
  });
});
