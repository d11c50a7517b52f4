// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalRecordFeature } from '../../../../../src/console/features/clinical';
import type { ApiRow } from '../../../../../src/console/renderer/core/context';
import { CARE_PLAN_SECTION_LABELS, CARE_PLAN_SECTIONS, CARE_PLAN_TEMPLATES, type CarePlanContent } from '../../../../../src/domain/clinical/carePlans';
import '../../../helpers/dom';
import { environmentFor } from '../../../helpers/environments';
import { useMswServer } from '../../../helpers/msw';
import { renderPart } from '../../../helpers/renderPart';

const server = useMswServer();
const CarePlans = clinicalRecordFeature.widgets.care_plans.Component;

const PATIENT: ApiRow = { id: 7, tenant_id: 1, primary_condition: 'HeartFailure', care_plan_last_reviewed: null };

const heartFailure = CARE_PLAN_TEMPLATES.find((template) => template.key === 'heart-failure');
if (!heartFailure) throw new Error('The heart failure template is missing');

/** The heart failure template's content, psychosocial support left out and a diagnosis written over two lines. */
const CONTENT: CarePlanContent = {
  ...heartFailure.content,
  diagnosis: { is_active: true, caregiver_instructions: 'Weigh every morning.\nCall if up 2 lb in a day.', patient_goals: 'Stable weight' },
  psychosocial_support: { ...heartFailure.content.psychosocial_support, is_active: false },
};

type Plan = Record<string, unknown> & { id: number };

const plan = (over: Partial<Plan> & { id: number }): Plan => ({
  patient_id: 7,
  tenant_id: 1,
  care_plan_template_id: 'heart-failure',
  plan_name: 'Heart Failure Care Plan',
  content: CONTENT,
  is_active: false,
  activated_at: null,
  deactivated_at: null,
  last_reviewed_at: null,
  revision: 1,
  added_by: 200,
  created_at: '2026-05-01T14:00:00Z',
  updated_at: '2026-05-01T14:00:00Z',
  ...over,
});

const ACTIVE = plan({
  id: 3,
  plan_name: 'Spring plan',
  is_active: true,
  activated_at: '2026-05-04T14:00:00Z',
  revision: 3,
  created_at: '2026-05-02T14:00:00Z',
});
const DRAFT = plan({ id: 4, plan_name: 'Summer draft', created_at: '2026-05-06T14:00:00Z' });
const OLD = plan({
  id: 1,
  plan_name: 'Winter plan',
  activated_at: '2026-01-04T14:00:00Z',
  deactivated_at: '2026-05-04T14:00:00Z',
  created_at: '2026-01-02T14:00:00Z',
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Refusal = () => Response;

/**
 * The care plan routes over an in-memory list of the patient's plans, as the server keeps them:
 * created inactive, activating one deactivates the active one, an edit of the active plan is a review.
 * A refusal given for a write answers instead.
 */
function carePlansApi(initial: Plan[], refuse: { activate?: Refusal; save?: Refusal; review?: Refusal } = {}) {
  const plans = initial.map((row) => ({ ...row }));
  const sent: Sent[] = [];
  const log = async (request: Request) => {
    const text = await request.text();
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    });
  };
  const find = (id: unknown) => plans.find((row) => row.id === Number(id));
  const now = '2026-05-10T14:00:00Z';
  server.use(
    http.get('*/api/care-plan-templates', () => HttpResponse.json(CARE_PLAN_TEMPLATES.map((template) => ({ id: template.key, ...template })))),
    http.get('*/api/patients/7/active-care-plan', () => HttpResponse.json(plans.find((row) => row.is_active) ?? null)),
    http.get('*/api/care-plans', ({ request }) => {
      const query = new URL(request.url).searchParams;
      expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ 'patient_id[eq]': 7 });
      expect([query.get('sort'), query.get('order'), query.get('skip'), query.get('limit')]).toEqual(['created_at', 'desc', '0', '10']);
      const rows = [...plans].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
      return HttpResponse.json(rows, { headers: { 'Content-Range': `care-plans 0-${rows.length - 1}/${rows.length}` } });
    }),
    http.post('*/api/care-plans', async ({ request }) => {
      await log(request.clone());
      const body = (await request.json()) as { care_plan_template_id: string; plan_name?: string };
      const template = CARE_PLAN_TEMPLATES.find((row) => row.key === body.care_plan_template_id);
      const created = plan({ id: 100, plan_name: body.plan_name ?? template?.name ?? '', care_plan_template_id: body.care_plan_template_id, created_at: now });
      plans.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/api/care-plans/:id/activate', async ({ request, params }) => {
      await log(request);
      if (refuse.activate) return refuse.activate();
      for (const row of plans.filter((other) => other.is_active)) Object.assign(row, { is_active: false, deactivated_at: now });
      const row = find(params.id);
      Object.assign(row ?? {}, { is_active: true, activated_at: now });
      return HttpResponse.json(row);
    }),
    http.post('*/api/care-plans/:id/review', async ({ request, params }) => {
      await log(request);
      if (refuse.review) return refuse.review();
      const row = find(params.id);
      Object.assign(row ?? {}, { last_reviewed_at: now });
      return HttpResponse.json(row);
    }),
    http.put('*/api/care-plans/:id', async ({ request, params }) => {
      await log(request.clone());
      if (refuse.save) return refuse.save();
      const row = find(params.id);
      const body = (await request.json()) as Record<string, unknown>;
      Object.assign(row ?? {}, body, { revision: Number(row?.revision) + 1 }, row?.is_active ? { last_reviewed_at: now } : {});
      return HttpResponse.json(row);
    }),
    http.get('*/api/care-plans/:id/revisions', () =>
      HttpResponse.json([
        { id: 1, revision: 1, kind: 'created', plan_name: 'Spring plan', content: CONTENT, author_name: 'Dana Nurse', created_at: '2026-05-02T14:00:00Z' },
        { id: 2, revision: 1, kind: 'activated', plan_name: 'Spring plan', content: CONTENT, author_name: 'Dana Nurse', created_at: '2026-05-04T14:00:00Z' },
        { id: 3, revision: 2, kind: 'revised', plan_name: 'Spring plan', content: CONTENT, author_name: 'Sam Doctor', created_at: '2026-05-05T18:30:00Z' },
      ]),
    ),
  );
  return sent;
}

const renderCarePlans = (options: Record<string, unknown> = {}, record: ApiRow = PATIENT, environment = environmentFor('admin')) =>
  renderPart(<CarePlans options={options} />, { record, environment });

const toasts = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite') as HTMLElement;
const dialog = (name: string) => screen.getByRole('dialog', { name });
const row = (name: RegExp) => screen.getByRole('row', { name });

describe('Care plans', () => {
  it('says No Active Care Plan, and creates a draft from the template of the patient’s condition', async () => {
    const sent = carePlansApi([]);
    const user = userEvent.setup();
    renderCarePlans();
    expect(await screen.findByRole('heading', { name: 'No Active Care Plan' })).toBeInTheDocument();
    expect(screen.getByText(/created from a template, then activated/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Care Plan' }));
    const create = dialog('Create Care Plan');
    const template = await within(create).findByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(template).toHaveDisplayValue('Heart Failure Care Plan'));
    // A blank name takes the template's: the placeholder says which.
    expect(within(create).getByRole('textbox', { name: /Plan name/ })).toHaveAttribute('placeholder', 'Heart Failure Care Plan');
    await user.click(within(create).getByRole('button', { name: 'Create' }));

    expect(await within(toasts()).findByText('Care plan created')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/care-plans', body: { patient_id: 7, care_plan_template_id: 'heart-failure' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'All Care Plans' })).toHaveAttribute('aria-selected', 'true');
    const draft = await screen.findByRole('row', { name: /Heart Failure Care Plan/ });
    expect(draft).toHaveTextContent('Draft');
    expect(within(draft).getByRole('button', { name: 'Activate Heart Failure Care Plan' })).toBeInTheDocument();
  });

  it('requires a template when none is the patient’s, and sends a name given', async () => {
    const sent = carePlansApi([]);
    const user = userEvent.setup();
    renderCarePlans({}, { ...PATIENT, primary_condition: 'general' });
    await user.click(await screen.findByRole('button', { name: 'Create Care Plan' }));
    const create = dialog('Create Care Plan');
    const template = await within(create).findByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(template).toBeEnabled());
    expect(template).toHaveDisplayValue('Choose a template');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(template).toHaveAccessibleDescription('Template is required');
    expect(template).toHaveFocus();
    expect(sent).toEqual([]);

    await user.selectOptions(template, 'COPD Care Plan');
    await user.type(within(create).getByRole('textbox', { name: /Plan name/ }), 'COPD winter plan');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/care-plans', body: { patient_id: 7, care_plan_template_id: 'copd', plan_name: 'COPD winter plan' } }]),
    );
  });

  it('activates a draft from All Care Plans', async () => {
    const sent = carePlansApi([DRAFT]);
    const user = userEvent.setup();
    renderCarePlans();
    expect(await screen.findByRole('heading', { name: 'No Active Care Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Care Plans' }));
    const draft = await screen.findByRole('row', { name: /Summer draft/ });
    expect(draft).toHaveTextContent('Draft');
    await user.click(within(draft).getByRole('button', { name: 'Activate Summer draft' }));

    expect(await within(toasts()).findByText('Care plan activated')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/care-plans/4/activate', body: undefined }]);
    await waitFor(() => expect(row(/Summer draft/)).toHaveTextContent('Active'));
    expect(within(row(/Summer draft/)).queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Active Care Plan' }));
    expect(await screen.findByRole('heading', { name: 'Summer draft' })).toBeInTheDocument();
  });

  it('asks before a draft replaces the active plan, and toasts a refusal', async () => {
    const sent = carePlansApi([ACTIVE, DRAFT], { activate: () => HttpResponse.json({ detail: 'This care plan is already active' }, { status: 409 }) });
    const user = userEvent.setup();
    renderCarePlans();
    expect(await screen.findByRole('heading', { name: 'Spring plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Care Plans' }));
    await user.click(within(await screen.findByRole('row', { name: /Summer draft/ })).getByRole('button', { name: /Activate/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Activate this care plan?' });
    expect(confirm).toHaveTextContent('Spring plan, active now, will be deactivated');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(within(row(/Summer draft/)).getByRole('button', { name: /Activate/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Activate' }));
    expect(await within(toasts()).findByText('Error: This care plan is already active')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/care-plans/4/activate', body: undefined }]);
  });

  it('shows the active plan: its facts and its 12 sections in order', async () => {
    carePlansApi([ACTIVE]);
    renderCarePlans();
    expect(await screen.findByRole('heading', { name: 'Spring plan' })).toBeInTheDocument();
    expect(screen.getByText('Active since').nextSibling).toHaveTextContent('05/04/2026');
    expect(screen.getByText('Last reviewed').nextSibling).toHaveTextContent('Never');
    expect(screen.getByText('Revision').nextSibling).toHaveTextContent('3');

    const sections = within(screen.getByRole('list', { name: 'Care plan sections' })).getAllByRole('heading', { level: 4 });
    expect(sections.map((heading) => heading.textContent?.replace(/\s*Inactive$/, '').trim())).toEqual(
      CARE_PLAN_SECTIONS.map((key) => CARE_PLAN_SECTION_LABELS[key]),
    );
    // Only the section left out says so, in words.
    expect(sections.filter((heading) => heading.textContent?.endsWith('Inactive')).map((heading) => heading.textContent)).toEqual([
      'Psychosocial Support Inactive',
    ]);
    const diagnosis = screen.getByRole('button', { name: 'Diagnosis' });
    expect(diagnosis).toHaveAttribute('aria-expanded', 'true');
    const instructions = screen.getByText(/Weigh every morning/);
    expect(instructions.textContent).toBe('Weigh every morning.\nCall if up 2 lb in a day.');
    expect(instructions.previousSibling).toHaveTextContent('Caregiver instructions');
    expect(screen.getByText('Stable weight').previousSibling).toHaveTextContent('Patient goals');
  });

  it('reviews the active plan without changes', async () => {
    const sent = carePlansApi([ACTIVE]);
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('button', { name: 'Review Without Changes' }));
    expect(await within(toasts()).findByText('Changes saved')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/care-plans/3/review', body: undefined }]);
    await waitFor(() => expect(screen.getByText('Last reviewed').nextSibling).toHaveTextContent('05/10/2026'));
  });

  it('edits the active plan: the name is required, and saving revises it with all 12 sections', async () => {
    const sent = carePlansApi([ACTIVE]);
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = dialog('Edit Care Plan');
    expect(edit).toHaveTextContent('Saving revises it (revision 4) and counts as a review.');
    const name = within(edit).getByRole('textbox', { name: 'Plan name' });
    await user.clear(name);
    expect(name).toHaveAccessibleDescription('Plan name is required');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(name).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(name, 'Spring plan, revised');
    const education = within(edit).getByRole('group', { name: 'Education' });
    await user.click(within(education).getByRole('switch', { name: 'Include this section' }));
    await user.type(within(education).getByRole('textbox', { name: 'Patient goals' }), '{Control>}a{/Control}Knows the red flags');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));

    expect(await within(toasts()).findByText('Changes saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { plan_name: string; content: CarePlanContent };
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/care-plans/3' });
    expect(body.plan_name).toBe('Spring plan, revised');
    expect(Object.keys(body.content)).toEqual([...CARE_PLAN_SECTIONS]);
    expect(body.content.education).toEqual({ ...CONTENT.education, is_active: !CONTENT.education.is_active, patient_goals: 'Knows the red flags' });
    expect(body.content.diagnosis).toEqual(CONTENT.diagnosis);
    expect(await screen.findByRole('heading', { name: 'Spring plan, revised' })).toBeInTheDocument();
  });

  it('toasts a refused save and keeps the dialog open', async () => {
    carePlansApi([DRAFT], { save: () => HttpResponse.json({ detail: 'A deactivated care plan cannot be edited' }, { status: 409 }) });
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('tab', { name: 'All Care Plans' }));
    await user.click(within(await screen.findByRole('row', { name: /Summer draft/ })).getByRole('button', { name: 'Edit Summer draft' }));
    const edit = dialog('Edit Care Plan');
    expect(edit).toHaveTextContent('This plan is a draft');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(toasts()).findByText('Error: A deactivated care plan cannot be edited')).toBeInTheDocument();
    expect(dialog('Edit Care Plan')).toBeInTheDocument();
  });

  it('asks before discarding changes', async () => {
    carePlansApi([ACTIVE]);
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = within(dialog('Edit Care Plan')).getByRole('textbox', { name: 'Plan name' });
    await user.type(name, ' 2');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(name).toHaveValue('Spring plan 2');
    await user.click(within(dialog('Edit Care Plan')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists plans newest first; a deactivated plan can only be viewed', async () => {
    carePlansApi([OLD, ACTIVE, DRAFT]);
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('tab', { name: 'All Care Plans' }));
    const table = await screen.findByRole('table', { name: 'Care plans, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((each) => within(each).getByRole('rowheader').textContent)).toEqual(['Summer draft', 'Spring plan', 'Winter plan']);
    expect(rows.map((each) => within(each).getAllByRole('cell')[0]?.textContent)).toEqual(['Draft', 'Active', 'Deactivated']);
    expect(within(row(/Spring plan/)).queryByRole('button', { name: /Activate|Edit/ })).not.toBeInTheDocument();
    const old = row(/Winter plan/);
    expect(
      within(old)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['View']);

    await user.click(within(old).getByRole('button', { name: 'View Winter plan' }));
    const view = dialog('Winter plan');
    expect(view).toHaveTextContent('This care plan was deactivated and can no longer be changed.');
    expect(within(within(view).getByRole('list', { name: 'Care plan sections' })).getAllByRole('heading', { level: 4 })).toHaveLength(12);
    expect(within(view).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lists the active plan’s history, newest first', async () => {
    carePlansApi([ACTIVE]);
    const user = userEvent.setup();
    renderCarePlans();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const history = dialog('Care Plan History');
    const table = await within(history).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((each) => [...each.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2', 'Revised', 'Sam Doctor', '05/05/2026, 02:30 PM'],
      ['1', 'Activated', 'Dana Nurse', '05/04/2026, 10:00 AM'],
      ['1', 'Created', 'Dana Nurse', '05/02/2026, 10:00 AM'],
    ]);
  });

  it('only shows the plans to a user who may not change them', async () => {
    carePlansApi([ACTIVE, DRAFT]);
    const user = userEvent.setup();
    const reader = environmentFor('clinician');
    const { 'patients.update': _update, ...permissions } = reader.permissions;
    renderCarePlans({ editWhen: { permission: 'patients.update' } }, PATIENT, { ...reader, permissions });
    expect(await screen.findByRole('heading', { name: 'Spring plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review Without Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Care Plans' }));
    await screen.findByRole('row', { name: /Summer draft/ });
    expect(screen.queryByRole('button', { name: 'Create Care Plan' })).not.toBeInTheDocument();
    expect(
      within(row(/Summer draft/))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['View']);
  });
});
