// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScreenEnvironment } from '../../../src/console/renderer/core/context';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN } from '../helpers/environments';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type Row = Record<string, unknown>;

const patient = (overrides: Row = {}): Row => ({
  id: 30,
  tenant_id: 1,
  patient_status: 'pending_enrollment',
  birthdate: '1950-04-02',
  gender: 'Female',
  billing_provider_id: 200,
  has_device: false,
  user: { first_name: 'Ada', last_name: 'Byron', full_name: 'Ada Byron', email: 'ada@example.com' },
  ...overrides,
});

interface Api {
  consent?: Row;
  devices?: Row[];
  /** The answer of a status write; a 422 body when `refuse` is set. */
  refuse?: string;
}

/** The API of one patient record: the record, its lists, the enrolment checks and the writes, each request kept. */
function serve(record: Row, api: Api = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const keep = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : undefined });
  };
  const list = (rows: Row[]) =>
    HttpResponse.json(rows as JsonBodyType, { headers: { 'Content-Range': `items 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
  const write = async ({ request }: { request: Request }) => {
    await keep(request);
    return api.refuse ? HttpResponse.json({ detail: api.refuse }, { status: 422 }) : HttpResponse.json(record as JsonBodyType);
  };
  server.use(
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/patients/30', () => HttpResponse.json(record as JsonBodyType)),
    http.get('*/api/patients/30/can-be-consented', async ({ request }) => {
      await keep(request);
      return HttpResponse.json(
        (api.consent ?? { can_be_consented: true, missing_items: [], active_care_programs: 0, needs_care_program_acknowledgement: true }) as JsonBodyType,
      );
    }),
    http.get('*/api/patients/30/devices', () => list(api.devices ?? [])),
    http.get('*/api/service-instances', () => list([])),
    http.get('*/api/patient-status-history', () => list([])),
    http.get('*/api/users', () => list([{ id: 200, full_name: 'Nora Admin', tenant_id: 1, role: 'clinician', is_provider: true }])),
    http.post('*/api/patients/30/status', write),
    http.post('*/api/patients/30/unenroll', write),
    http.post('*/api/patients/30/check-consented-to-active-status', async ({ request }) => {
      await keep(request);
      return HttpResponse.json({ patient_status: 'active', activated: true, missing_items: [] });
    }),
  );
  return sent;
}

async function open(record: Row, environment: ScreenEnvironment = INTERNAL_ADMIN, api: Api = {}) {
  const sent = serve(record, api);
  renderScreen('patients.show', { path: '/patients/30/show', environment });
  await screen.findByRole('heading', { name: 'Ada Byron' });
  return sent;
}

/** Opens the header's menu and one of its actions. */
async function fromMenu(user: UserEvent, label: string) {
  await user.click(await screen.findByRole('button', { name: /More/ }));
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: label });
}

async function choose(user: UserEvent, dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the patient record header', () => {
  it('shows the name, the status badge in the spec words, Edit, Mark Consented and the menu', async () => {
    const user = userEvent.setup();
    await open(patient());
    const toolbar = screen.getByRole('toolbar', { name: 'Actions' });
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(within(toolbar).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/patients/30');
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Mark Consented' })).toBeEnabled());
    await user.click(within(toolbar).getByRole('button', { name: /More/ }));
    expect(screen.getByRole('button', { name: 'Set Patient Status' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unenroll Patient' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recheck' })).toBeNull();
  });

  it('keeps Mark Consented disabled while the server says the patient cannot be consented', async () => {
    const sent = await open(patient(), INTERNAL_ADMIN, {
      consent: {
        can_be_consented: false,
        missing_items: [{ key: 'birthdate', text: 'Date of birth on the patient record' }],
        active_care_programs: 0,
        needs_care_program_acknowledgement: true,
      },
    });
    const button = await screen.findByRole('button', { name: 'Mark Consented' });
    // The answer is in: the button stays as the server's answer leaves it.
    await waitFor(() => expect(sent.some((r) => r.path === '/api/patients/30/can-be-consented')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toBeDisabled();
  });

  it('hides Unenroll for an unenrolled patient and offers a provider user nothing to set there', async () => {
    await open(patient({ patient_status: 'disabled' }), environmentFor('clinician'));
    expect(screen.getByText('Unenrolled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Consented' })).toBeNull();
  });
});

describe('Set Patient Status', () => {
  it("offers a clinician the table's choices, asks for the decline reason and sends it", async () => {
    const user = userEvent.setup();
    const sent = await open(patient(), environmentFor('clinician'));
    const dialog = await fromMenu(user, 'Set Patient Status');
    await user.click(within(dialog).getByRole('button', { name: /Status/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Declined', 'Unseen']);
    await user.click(screen.getByRole('option', { name: 'Declined' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await choose(user, dialog, /Decline reason/, 'Thinking About It');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Patient status updated')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/patients/30/status',
      body: { patient_status: 'declined', declined_reason: 'thinking_about_it' },
    });
  });

  it('offers Active to the admin roles only', async () => {
    const user = userEvent.setup();
    await open(patient({ patient_status: 'unseen' }), INTERNAL_ADMIN);
    const dialog = await fromMenu(user, 'Set Patient Status');
    // Choosing an action closed the menu behind its dialog.
    expect(screen.getByRole('button', { name: /More/, hidden: true })).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(dialog).getByRole('button', { name: /Status/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Pending', 'Active', 'Declined']);
  });

  it("says 'Unable to save changes: {message}' when the server refuses", async () => {
    const user = userEvent.setup();
    await open(patient({ patient_status: 'unseen' }), INTERNAL_ADMIN, { refuse: 'Patient status cannot change from Unseen to Pending' });
    const dialog = await fromMenu(user, 'Set Patient Status');
    await choose(user, dialog, /Status/, 'Pending');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save changes: Patient status cannot change from Unseen to Pending')).toBeInTheDocument();
  });
});

describe('Mark Consented', () => {
  it("asks for the date of birth and the care program acknowledgement in the spec's words, and sends consented", async () => {
    const user = userEvent.setup();
    const sent = await open(patient());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark Consented' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Mark Consented' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Consented' });
    expect(within(dialog).getByText(/Minimum 2 active care programs expected before consent/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Date of birth/), '1950-04-02');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Consented' }));
    expect(await within(dialog).findByText('Please acknowledge the care program warning')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /I acknowledge the care program warning/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark Consented' }));
    expect(await screen.findByText('Patient status updated')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ birthdate: '1950-04-02', acknowledge_care_programs: true, patient_status: 'consented' });
  });

  it('does not ask for the acknowledgement from 2 active care programs, and shows the refusal of a wrong date of birth', async () => {
    const user = userEvent.setup();
    await open(patient(), INTERNAL_ADMIN, {
      consent: { can_be_consented: true, missing_items: [], active_care_programs: 2, needs_care_program_acknowledgement: false },
      refuse: 'Date of birth does not match patient record',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark Consented' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Mark Consented' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Consented' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Date of birth/), '1951-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Consented' }));
    expect(await screen.findByText('Unable to save changes: Date of birth does not match patient record')).toBeInTheDocument();
  });
});

describe('Unenroll Patient', () => {
  it("needs the reason and both confirmations in the spec's words, then unenrolls", async () => {
    const user = userEvent.setup();
    const sent = await open(patient({ patient_status: 'active' }));
    const dialog = await fromMenu(user, 'Unenroll Patient');
    expect(within(dialog).queryByRole('checkbox', { name: /Skip device unassignment/ })).toBeNull();
    await choose(user, dialog, /Reason/, 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }));
    expect(await within(dialog).findByText('Please confirm that the team has been informed')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm that the billing provider has been informed')).toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Other reason/), 'Moved abroad');
    await user.click(within(dialog).getByRole('checkbox', { name: /The team has been informed/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /The billing provider has been informed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }));
    expect(await screen.findByText('Patient has been successfully unenrolled.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/patients/30/unenroll',
      body: { reason: 'other', reason_other: 'Moved abroad', team_notified: true, provider_notified: true },
    });
  });

  it('offers to skip the unassignment of assigned devices, which then needs a reason', async () => {
    const user = userEvent.setup();
    const sent = await open(patient({ patient_status: 'active', has_device: true }), INTERNAL_ADMIN, {
      devices: [{ id: 5, patient_id: 30, external_id: '356938035643809' }],
    });
    const dialog = await fromMenu(user, 'Unenroll Patient');
    await choose(user, dialog, /Reason/, 'Hospice');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Skip device unassignment/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /The team has been informed/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /The billing provider has been informed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason for keeping the devices assigned/), 'Family returns it by mail');
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }));
    expect(await screen.findByText('Patient has been successfully unenrolled.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'hospice',
      skip: true,
      device_skip_reason: 'Family returns it by mail',
      team_notified: true,
      provider_notified: true,
    });
  });
});

describe('Recheck', () => {
  it("rechecks a consented patient and says 'Rechecking completed'", async () => {
    const user = userEvent.setup();
    const sent = await open(patient({ patient_status: 'consented' }));
    await user.click(await screen.findByRole('button', { name: /More/ }));
    await user.click(await screen.findByRole('button', { name: 'Recheck' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recheck Consented Patient' });
    expect(within(dialog).getByText(/Check again whether Ada Byron has everything needed to become active/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rechecking completed')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST' && r.path === '/api/patients/30/check-consented-to-active-status')).toBe(true);
  });
});
