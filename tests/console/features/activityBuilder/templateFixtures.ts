import { http, HttpResponse, type JsonBodyType } from 'msw';
import {
  DEFAULT_ACTIVITY_CONFIG,
  previewNotes,
  TRIGGER_CUES,
  type ActivityData,
  type ActivityTemplate,
  type StepTemplate,
} from '../../../../src/domain/clinicalActivities';

/**
 * Templates as the API answers them (spec 002 section 3; the contract in
 * src/domain/clinicalActivities/README.md "The API"): a published step of symptoms with a yes/no
 * question that enables a follow-up, a draft step of medication, a published activity of both
 * (`recommendation` on), and a draft activity. `templateApi()` serves them with msw as the server
 * does and records what the builders send; the screens' outlines use it too.
 */

export const SYMPTOMS_STEP: StepTemplate = {
  id: 11,
  step_template_family_id: 11,
  version_number: 2,
  is_draft: false,
  is_latest: true,
  step_key: 'symptoms',
  step_title: 'Symptoms',
  step_description: 'Ask about breathing since the last call.',
  expected_time_range: { min: 300, max: 600 },
  monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
  activity_items_json: [
    { item_id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no', required: true },
    {
      item_id: 'breath_details',
      text: 'When does it happen?',
      type: 'textarea',
      enabled_when: [{ item_id: 'short_of_breath', value: 'true' }],
    },
  ],
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-02T10:00:00Z',
};

export const MEDICATION_STEP: StepTemplate = {
  id: 12,
  step_template_family_id: 12,
  version_number: 1,
  is_draft: true,
  is_latest: true,
  step_key: 'medication',
  step_title: 'Medication',
  step_description: null,
  expected_time_range: { min: 60, max: 180 },
  monitoring_activity_rules: { create_note: true, monitoring_types: [] },
  activity_items_json: [
    {
      item_id: 'taking_meds',
      text: 'Taking the inhaler daily?',
      type: 'checklist',
      resource_creation: { resource_type: 'tasks', value: false, display_text: 'Review inhaler use', reference_field: 'taking_meds' },
    },
  ],
  created_at: '2026-05-03T10:00:00Z',
  updated_at: '2026-05-03T10:00:00Z',
};

export const PUBLISHED_ACTIVITY: ActivityTemplate = {
  id: 1,
  activity_template_family_id: 1,
  version_number: 3,
  is_draft: false,
  is_latest: true,
  is_enabled: true,
  activity_title: 'COPD weekly check-in',
  activity_description: 'A weekly call about breathing and medication.',
  estimated_duration: 15,
  activity_config_json: {
    ...DEFAULT_ACTIVITY_CONFIG,
    recommendation: {
      ...DEFAULT_ACTIVITY_CONFIG.recommendation,
      enabled: true,
      care_program_types: ['rpm'],
      trigger_cues: ['condition_copd'],
      priority_score: 80,
    },
  },
  activity_template_steps: [{ step_number: 1, step_template_id: 11, step_template: SYMPTOMS_STEP }],
  created_at: '2026-05-04T10:00:00Z',
  updated_at: '2026-05-04T10:00:00Z',
};

export const DRAFT_ACTIVITY: ActivityTemplate = {
  id: 2,
  activity_template_family_id: 2,
  version_number: 1,
  is_draft: true,
  is_latest: true,
  is_enabled: true,
  activity_title: 'Asthma control check-in',
  activity_description: null,
  estimated_duration: 10,
  activity_config_json: DEFAULT_ACTIVITY_CONFIG,
  activity_template_steps: [
    { step_number: 1, step_template_id: 11, step_template: SYMPTOMS_STEP },
    { step_number: 2, step_template_id: 12, step_template: MEDICATION_STEP },
  ],
  created_at: '2026-05-05T10:00:00Z',
  updated_at: '2026-05-06T10:00:00Z',
};

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Row = Record<string, unknown>;

/** A list page as the API answers one: `filter` keys `field[eq]` and `q`, newest first, skip and limit, Content-Range. */
function page(name: string, rows: readonly Row[], url: URL) {
  const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
  const found = rows.filter((row) =>
    Object.entries(filter).every(([key, wanted]) => {
      if (key === 'q') {
        const { field, value } = wanted as { field: string; value: string };
        const text = row[field];
        return (typeof text === 'string' ? text : '').toLowerCase().includes(value.toLowerCase());
      }
      const field = key.replace(/\[eq\]$/, '');
      return String(row[field]) === String(wanted);
    }),
  );
  found.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const rowsOfPage = found.slice(skip, skip + limit);
  return HttpResponse.json(rowsOfPage as JsonBodyType, { headers: { 'Content-Range': `${name} ${skip}-${skip + rowsOfPage.length - 1}/${found.length}` } });
}

const listRow = ({ activity_template_steps, ...template }: ActivityTemplate) => ({ ...template, steps_count: activity_template_steps.length });

/**
 * The template calls, answered from the fixtures; every write is recorded in `sent`. A write answers
 * 201 with a new id (50 for a creation, 60 for a clone) unless `failures` names its path and method
 * (`'POST /activity-templates/2/promote'`), which then answers that status and body. Every GET's
 * address is in `asked`.
 */
export function templateApi(failures: Readonly<Record<string, { status: number; body: unknown }>> = {}) {
  const sent: Sent[] = [];
  const activities = [PUBLISHED_ACTIVITY, DRAFT_ACTIVITY];
  const steps = [SYMPTOMS_STEP, MEDICATION_STEP];
  const write = async (request: Request, answer: (body: unknown) => unknown) => {
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    sent.push({ method: request.method, path, body });
    const failure = failures[`${request.method} ${path}`];
    if (failure) return HttpResponse.json(failure.body as JsonBodyType, { status: failure.status });
    return HttpResponse.json(answer(body) as JsonBodyType, { status: request.method === 'POST' ? 201 : 200 });
  };
  const one = <T extends { id: number }>(rows: readonly T[], id: unknown) => {
    const row = rows.find((r) => String(r.id) === String(id));
    return row ? HttpResponse.json(row) : HttpResponse.json({ detail: 'Not found' }, { status: 404 });
  };
  const asked: URL[] = [];
  const handlers = [
    // Every read is recorded, then answered by the handlers below.
    http.get('*/api/*', ({ request }) => {
      asked.push(new URL(request.url));
      return undefined;
    }),
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/activity-templates', ({ request }) => page('activity-templates', activities.map(listRow), new URL(request.url))),
    http.get('*/api/activity-templates/trigger-cues', () =>
      HttpResponse.json(TRIGGER_CUES.map((cue) => ({ id: cue.key, name: cue.label })) as JsonBodyType, {
        headers: { 'Content-Range': `trigger-cues 0-${TRIGGER_CUES.length - 1}/${TRIGGER_CUES.length}` },
      }),
    ),
    http.get('*/api/activity-templates/:id', ({ params }) => one(activities, params.id)),
    http.get('*/api/step-templates', ({ request }) => page('step-templates', steps as unknown as Row[], new URL(request.url))),
    http.get('*/api/step-templates/:id', ({ params }) => one(steps, params.id)),
    http.post('*/api/activity-templates/:id/preview-notes', ({ request, params }) =>
      write(request, (body) => {
        const template = activities.find((a) => String(a.id) === params.id)!;
        const runSteps = template.activity_template_steps.map((s) => s.step_template!);
        const data = (body as { data_json: Partial<ActivityData> }).data_json;
        return { data: previewNotes(template.activity_title, runSteps, data, template.activity_config_json.consolidate_monitoring_activity) };
      }),
    ),
    http.post('*/api/:resource/:id/clone', ({ request }) => write(request, () => ({ id: 60 }))),
    http.post('*/api/:resource/:id/promote', ({ request }) => write(request, () => ({ id: 1 }))),
    // A creation is read back as a new draft (version 1 of its own family).
    http.post('*/api/:resource', ({ request, params }) =>
      write(request, (body) => {
        const created = { ...(body as Row), id: 50, version_number: 1, is_draft: true, is_latest: true, created_at: '2026-06-01T12:00:00Z' };
        if (params.resource === 'step-templates') steps.push({ ...(created as unknown as StepTemplate), step_template_family_id: 50 });
        else {
          const { steps: chosen, ...fields } = created as unknown as Row & { steps: { step_number: number; step_template_id: number }[] };
          activities.push({
            ...(fields as unknown as ActivityTemplate),
            activity_template_family_id: 50,
            activity_template_steps: chosen.map((step) => ({ ...step, step_template: steps.find((s) => s.id === step.step_template_id)! })),
          });
        }
        return created;
      }),
    ),
    http.put('*/api/:resource/:id', ({ request, params }) => write(request, (body) => ({ ...(body as object), id: Number(params.id) }))),
    http.delete('*/api/:resource/:id', ({ request }) => write(request, () => ({}))),
  ];
  return { handlers, sent, asked };
}

/** The screens' outlines: the templates served as they are. */
export const templateHandlers = () => templateApi().handlers;
