import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const FILE = 'screens/patients.show.json';
const load = () => JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens/patients.show.json'), 'utf8')) as Record<string, unknown>;

type Tab = { key: string; list: { actions: { name: string; form: { notices: { when: unknown; text: string }[] } }[] } };

/** The Monitoring tab's Add Note form and the pointer to its notices. */
function addNote(definition: Record<string, unknown>) {
  const tabs = (definition.panel as { tabs: Tab[] }).tabs;
  const tab = tabs.findIndex((t) => t.key === 'monitoring');
  const actions = tabs[tab]?.list.actions ?? [];
  const action = actions.findIndex((a) => a.name === 'add_note');
  const form = actions[action]?.form;
  if (!form) throw new Error('no Add Note form');
  return { form, at: `/panel/tabs/${tab}/list/actions/${action}/form/notices` };
}

describe("a form's notices are checked like the rest of a definition", () => {
  it('reads record paths the record has (hasKey names two paths), and fills templates of its fields', () => {
    const broken = load();
    const { form, at } = addNote(broken);
    form.notices[0] = { when: { hasKey: ['record.monitoring_facts.conflicts', 'form.type'] }, text: 'Conflicts' };
    form.notices[1] = { when: { eq: ['record.monitoring_facts.devices', 0] }, text: 'No device for {record.nickname}' };
    const problems = validateScreen(broken, FILE, screenRegistries);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${at}/0/when/hasKey: no field "monitoring_facts.conflicts"`),
        expect.stringContaining(`${at}/1/text: no field "nickname"`),
      ]),
    );
  });

  it('refuses a notice of an unknown tone or without a condition', () => {
    const broken = load();
    const { form, at } = addNote(broken);
    form.notices[0] = { text: 'No Device Assigned', tone: 'loud' } as never;
    const problems = validateScreen(broken, FILE, screenRegistries).join('\n');
    expect(problems).toContain(`${at}/0`);
  });
});
