// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';
import { templateApi } from './templateFixtures';
import { roleTexts } from '../../helpers/roleTexts';

const server = useMswServer();
const KEY_RULE = 'Must be lowercase, unique and separated by underscores';

function openStep(path: string, failures?: Parameters<typeof templateApi>[0]) {
  const api = templateApi(failures);
  server.use(...api.handlers);
  return { ...api, ...renderScreen('clinical-activities.step', { path }) };
}

const form = () => screen.findByRole('form', { name: 'Step template' });
const item = (n: number) => screen.getByRole('article', { name: new RegExp(`^Item ${n}\\b`) });
const writes = <T extends { method: string }>(sent: T[]) => sent.filter((entry) => entry.method !== 'GET');

/** Adds an item and fills its id, text and type. */
async function addItem(user: UserEvent, n: number, { id, text, type }: { id: string; text: string; type: string }) {
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  const box = item(n);
  await user.type(within(box).getByRole('textbox', { name: 'Item ID' }), id);
  await user.type(within(box).getByRole('textbox', { name: 'Text' }), text);
  await user.selectOptions(within(box).getByRole('combobox', { name: 'Type' }), type);
}

async function fillStep(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Step key' }), 'breathing_check');
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Breathing');
  await user.type(screen.getByRole('spinbutton', { name: 'Minimum (seconds)' }), '300');
  await user.type(screen.getByRole('spinbutton', { name: 'Maximum (seconds)' }), '600');
}

describe('the step template editor: a new step (/clinical-activities/step/create)', () => {
  it("says the key rule in the spec's words under a bad step key, item id or option id", async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create');
    await form();
    const key = screen.getByRole('textbox', { name: 'Step key' });
    await user.type(key, 'Breathing Check');
    expect(screen.queryByText(KEY_RULE)).toBeNull();
    await user.tab();
    expect(key).toBeInvalid();
    expect(key).toHaveAccessibleDescription(expect.stringContaining(KEY_RULE));
    await user.clear(key);
    await user.type(key, 'breathing_check');
    expect(key).toBeValid();

    await addItem(user, 1, { id: 'pain', text: 'Pain?', type: 'dropdown' });
    await addItem(user, 2, { id: 'pain', text: 'Again?', type: 'yes_no' });
    await user.tab();
    // A repeated item id breaks the rule too ("unique").
    expect(within(item(2)).getByRole('textbox', { name: 'Item ID' })).toHaveAccessibleDescription(expect.stringContaining(KEY_RULE));
    await user.click(within(item(1)).getByRole('button', { name: 'Add an option to Pain?' }));
    const optionId = within(item(1)).getByRole('textbox', { name: 'Option 1 ID' });
    await user.type(optionId, 'Mild-1');
    await user.tab();
    expect(optionId).toHaveAccessibleDescription(KEY_RULE);
  });

  it('marks every required field when Save is pressed, sends nothing, and moves the focus to the first', async () => {
    const user = userEvent.setup();
    const { sent } = openStep('/clinical-activities/step/create');
    await form();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Step key' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Step key' })).toHaveAccessibleDescription(expect.stringContaining(KEY_RULE));
    for (const name of ['Title']) expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription('Required');
    for (const name of ['Minimum (seconds)', 'Maximum (seconds)']) expect(screen.getByRole('spinbutton', { name })).toHaveAccessibleDescription('Required');
    expect(within(item(1)).getByRole('textbox', { name: 'Text' })).toHaveAccessibleDescription('Item text is required');
    await user.type(screen.getByRole('spinbutton', { name: 'Minimum (seconds)' }), '-5');
    expect(screen.getByRole('spinbutton', { name: 'Minimum (seconds)' })).toHaveAccessibleDescription('Must be 0 or more');
    expect(writes(sent)).toEqual([]);
  });

  it('draws the reference bar from max(0, min − 30 s) to max + 30 s', async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create');
    await form();
    const min = screen.getByRole('spinbutton', { name: 'Minimum (seconds)' });
    const max = screen.getByRole('spinbutton', { name: 'Maximum (seconds)' });
    await user.type(min, '20');
    await user.type(max, '90');
    const bar = () => screen.getByRole('figure', { name: 'Reference bar' });
    expect(bar()).toHaveTextContent('Reference bar from 0 s to 120 s: the expected 20 to 90 s with 30 s either side.');
    await user.clear(min);
    // No bar without both ends.
    expect(screen.queryByRole('figure', { name: 'Reference bar' })).toBeNull();
    await user.type(min, '300');
    await user.clear(max);
    await user.type(max, '600');
    expect(bar()).toHaveTextContent('Reference bar from 270 s to 630 s');
    expect(bar()).toHaveTextContent('04:30');
    expect(bar()).toHaveTextContent('10:30');
  });

  it('offers enabled_when only the earlier items, with Yes and No (true/false) for a yes/no item', async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create');
    await form();
    await addItem(user, 1, { id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no' });
    await addItem(user, 2, { id: 'pain_level', text: 'Pain level', type: 'dropdown' });
    await addItem(user, 3, { id: 'details', text: 'Details', type: 'textarea' });
    // The first item has nothing before it.
    const first = within(item(1)).getByRole('button', { name: 'Add a condition to Short of breath?' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toHaveAccessibleDescription('Only an earlier item of the step can enable this one');

    await user.click(within(item(2)).getByRole('button', { name: 'Add a condition to Pain level' }));
    expect(roleTexts(within(item(2)).getByRole('combobox', { name: 'Condition 1: item' }), 'option')).toEqual([
      'Choose an earlier item',
      'Short of breath? (short_of_breath)',
    ]);

    await user.click(within(item(3)).getByRole('button', { name: 'Add a condition to Details' }));
    const target = within(item(3)).getByRole('combobox', { name: 'Condition 1: item' });
    expect(roleTexts(target, 'option')).toEqual(['Choose an earlier item', 'Short of breath? (short_of_breath)', 'Pain level (pain_level)']);
    await user.selectOptions(target, 'short_of_breath');
    const value = within(item(3)).getByRole('combobox', { name: 'Condition 1: value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['Choose a value', ''],
      ['Yes', 'true'],
      ['No', 'false'],
    ]);

    // Moved above the item it names, the condition is refused.
    await user.click(within(item(3)).getByRole('button', { name: 'Move Details up' }));
    await user.click(within(item(2)).getByRole('button', { name: 'Move Details up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(item(1)).getByRole('combobox', { name: 'Condition 1: item' })).toHaveAccessibleDescription('Must name an earlier item of this step');
  });

  it('offers a record to create only on checklist and yes/no items, triggered on true or false', async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create');
    await form();
    await addItem(user, 1, { id: 'inhaler', text: 'Inhaler used daily', type: 'checklist' });
    const box = item(1);
    const create = () => within(box).queryByRole('checkbox', { name: 'Create a record from this answer' });
    expect(create()).not.toBeNull();
    for (const type of ['dropdown', 'text', 'textarea', 'multiselect']) {
      await user.selectOptions(within(box).getByRole('combobox', { name: 'Type' }), type);
      expect(create()).toBeNull();
    }
    await user.selectOptions(within(box).getByRole('combobox', { name: 'Type' }), 'yes_no');
    await user.click(create()!);
    expect(
      within(within(box).getByRole('combobox', { name: 'Resource type' }))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['encounters', 'tasks', 'assessments', 'care_plans']);
    expect(
      within(within(box).getByRole('combobox', { name: 'Trigger on' }))
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['Yes', 'true'],
      ['No', 'false'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(box).getByRole('textbox', { name: 'Display text' })).toHaveAccessibleDescription(expect.stringContaining('Display text is required'));
  });

  it('saves a new step with POST step-templates and the body the API takes, then opens it', async () => {
    const user = userEvent.setup();
    const { sent, location } = openStep('/clinical-activities/step/create');
    await form();
    await fillStep(user);
    await user.click(screen.getByRole('checkbox', { name: 'RPM 99457/99458' }));
    await addItem(user, 1, { id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no' });
    await user.click(within(item(1)).getByRole('checkbox', { name: 'Create a record from this answer' }));
    await user.selectOptions(within(item(1)).getByRole('combobox', { name: 'Resource type' }), 'encounters');
    await user.type(within(item(1)).getByRole('textbox', { name: 'Display text' }), 'Follow-up call');
    await addItem(user, 2, { id: 'how_bad', text: 'How bad?', type: 'dropdown' });
    await user.click(within(item(2)).getByRole('button', { name: 'Add an option to How bad?' }));
    await user.type(within(item(2)).getByRole('textbox', { name: 'Option 1 ID' }), 'mild');
    await user.type(within(item(2)).getByRole('textbox', { name: 'Option 1 name' }), 'Mild');
    await user.selectOptions(within(item(2)).getByRole('combobox', { name: 'Default option' }), 'mild');
    await user.click(within(item(2)).getByRole('button', { name: 'Add a condition to How bad?' }));
    await user.click(within(item(2)).getByRole('button', { name: 'Add a check to How bad?' }));
    await user.type(within(item(2)).getByRole('textbox', { name: 'Check 1: message' }), 'Choose one');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Step template created')).toBeVisible();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/step-templates',
        body: {
          step_key: 'breathing_check',
          step_title: 'Breathing',
          step_description: null,
          expected_time_range: { min: 300, max: 600 },
          monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
          activity_items_json: [
            {
              item_id: 'short_of_breath',
              text: 'Short of breath?',
              type: 'yes_no',
              required: true,
              resource_creation: { resource_type: 'encounters', value: true, display_text: 'Follow-up call', reference_field: 'short_of_breath' },
            },
            {
              item_id: 'how_bad',
              text: 'How bad?',
              type: 'dropdown',
              required: false,
              options: [{ id: 'mild', name: 'Mild' }],
              default_option: 'mild',
              validation_checks: [{ type: 'min_length', value: 1, message: 'Choose one' }],
              enabled_when: [{ item_id: 'short_of_breath', value: 'true' }],
            },
          ],
        },
      },
    ]);
    await waitFor(() => expect(location.history.at(-1)).toBe('/clinical-activities/step/50'));
    expect(await screen.findByText('Version 1')).toBeVisible();
  });

  it("says 'Error saving step template' when a creation fails, and marks the fields the server refused", async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create', {
      'POST /step-templates': { status: 422, body: { detail: [{ loc: ['body', 'step_key'], msg: 'A step with this key exists', type: 'value_error' }] } },
    });
    await form();
    await fillStep(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving step template')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Step key' })).toHaveAccessibleDescription(expect.stringContaining('A step with this key exists'));
  });

  it('runs the step being built in the live preview, with the items as they are typed', async () => {
    const user = userEvent.setup();
    openStep('/clinical-activities/step/create');
    await form();
    await fillStep(user);
    await addItem(user, 1, { id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no' });
    await addItem(user, 2, { id: 'details', text: 'When does it happen?', type: 'text' });
    await user.click(within(item(2)).getByRole('button', { name: 'Add a condition to When does it happen?' }));
    const preview = screen.getByRole('complementary', { name: 'Live preview' });
    expect(await within(preview).findByRole('heading', { name: 'Breathing' })).toBeVisible();
    expect(within(preview).getByText(/Short of breath\?/)).toBeVisible();
    // enabled_when holds in the preview: the follow-up shows on Yes only.
    expect(within(preview).queryByText(/When does it happen\?/)).toBeNull();
    await user.click(within(preview).getByRole('radio', { name: 'Yes' }));
    expect(within(preview).getByText(/When does it happen\?/)).toBeVisible();
  });
});

describe('the step template editor: a saved step (/clinical-activities/step/{id})', () => {
  it('shows a published step read only, with Clone, which opens the new draft', async () => {
    const user = userEvent.setup();
    const { sent, location } = openStep('/clinical-activities/step/11');
    await form();
    expect(screen.getByText('This version is published and never changes. Clone it to make a new draft.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Step key' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Minimum (seconds)' })).toBeDisabled();
    for (const name of ['Save', 'Promote', 'Add item']) expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Step template cloned: the new draft is open')).toBeVisible();
    expect(writes(sent)).toEqual([{ method: 'POST', path: '/step-templates/11/clone', body: {} }]);
    await waitFor(() => expect(location.history.at(-1)).toBe('/clinical-activities/step/60'));
  });

  it("updates a draft with PUT; a failed update says 'Error saving step template' with the server's message", async () => {
    const user = userEvent.setup();
    const { sent } = openStep('/clinical-activities/step/12', {
      'PUT /step-templates/12': { status: 409, body: { detail: 'The step is in use' } },
    });
    await form();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Medication review');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving step template: The step is in use')).toBeVisible();
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/step-templates/12',
        body: expect.objectContaining({ step_key: 'medication', step_title: 'Medication review', expected_time_range: { min: 60, max: 180 } }) as unknown,
      },
    ]);
  });

  it('promotes a saved draft once asked; neither promotes nor clones while it has unsaved changes', async () => {
    const user = userEvent.setup();
    const { sent } = openStep('/clinical-activities/step/12');
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' check');
    for (const name of ['Promote', 'Clone']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Save your changes first');
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Step template saved')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote step template' });
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Step template published')).toBeVisible();
    expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual(['PUT /step-templates/12', 'POST /step-templates/12/promote']);
  });
});
