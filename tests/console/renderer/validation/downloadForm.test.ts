import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const FILE = 'screens/claim-items.list.json';
const load = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../..', FILE), 'utf8')) as { actions: Record<string, unknown>[] } & Record<string, unknown>;
const exportAt = (definition: ReturnType<typeof load>) => definition.actions.findIndex((action) => action.type === 'download');

describe("a download's form is checked like a dialog's", () => {
  it('against the entity it names: its fields, choice sources and widgets', () => {
    const broken = load();
    const i = exportAt(broken);
    const action = broken.actions[i] as { form: Record<string, unknown> };
    action.form = { ...action.form, fields: ['export_type', 'month', 'year', 'tenant_id', 'quarter'], choices: { year: 'export_yeras' } };
    const problems = validateScreen(broken, FILE, screenRegistries);
    expect(problems.some((p) => p.startsWith(`${FILE}: /actions/${i}/form/fields/4: no field "quarter" in the`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`${FILE}: /actions/${i}/form/choices/year: unknown choice source "export_yeras"`))).toBe(true);
  });

  it('an unknown entity, and a download with both parameters and a form, are refused', () => {
    const broken = load();
    const i = exportAt(broken);
    broken.actions[i] = {
      ...broken.actions[i],
      entity: 'claimExprt',
      parameters: [{ name: 'format', label: 'Format', choices: [{ value: 'csv', label: 'CSV' }] }],
    };
    const problems = validateScreen(broken, FILE, screenRegistries);
    expect(problems).toContain(`${FILE}: /actions/${i}: a download has either parameters (with their requires) or a form`);
    expect(problems.some((p) => p.startsWith(`${FILE}: /actions/${i}/entity: unknown entity "claimExprt"`))).toBe(true);
  });
});
