// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScreenEnvironment } from '../../../src/console/renderer/core/context';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type Row = Record<string, unknown>;

const patient = (overrides: Row = {}): Row => ({
  id: 30,
  tenant_id: 1,
  patient_status: 'active',
  birthdate: '1950-04-02',
  gender: 'Female',
  primary_condition: 'COPD',
  care_setting: 'home',
  billing_provider_id: 200,
  facility_location_id: null,
  enrolled_on: '2026-01-05T15:00:00Z',
  notes: 'Prefers morning calls',
  diagnoses: ['J44.9', 'I10'],
  user: {
    first_name: 'Ada',
    last_name: 'Byron',
    full_name: 'Ada Byron',
    email: 'ada@example.com',
    is_email_verified: true,
    mobile_phone_number: '5551234567',
    home_phone_number: '5559876543',
    facility_phone_number: null,
    primary_phone_number_type: 'mobile',
  },
  ...overrides,
});

const WITH_FLAGS = { clinical_activities: true, voice_calls: true };

interface Api {
  openTasks?: number;
  notesFail?: boolean;
}

/** The record, its lists (empty unless counted) and the notes write; the PATCH bodies are kept. */
function serve(record: Row, api: Api = {}) {
  const patches: unknown[] = [];
  const taskQueries: Row[] = [];
  const list = (rows: Row[], total = rows.length) =>
    HttpResponse.json(rows as JsonBodyType, { headers: { 'Content-Range': `items 0-${Math.max(rows.length - 1, 0)}/${total}` } });
  server.use(
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/patients/30', () => HttpResponse.json(record as JsonBodyType)),
    http.patch('*/api/patients/30', async ({ request }) => {
      patches.push(await request.json());
      return api.notesFail ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 503 }) : HttpResponse.json(record as JsonBodyType);
    }),
    http.get('*/api/patients/30/can-be-consented', () => HttpResponse.json({ can_be_consented: false, missing_items: [] })),
    http.get('*/api/tasks', ({ request }) => {
      taskQueries.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Row);
      return list([], api.openTasks ?? 0);
    }),
    http.get('*/api/providers/1', () => HttpResponse.json({ id: 1, name: 'Northwind Clinic' })),
    http.get('*/api/users/200', () => HttpResponse.json({ id: 200, full_name: 'Nora Admin' })),
    // The Activity tab's activities to run (the clinical_activities flag is on).
    http.get('*/api/clinical-activities/available', () => list([])),
    http.get('*/api/:resource', () => list([])),
  );
  return { patches, taskQueries };
}

async function open(record: Row, environment: ScreenEnvironment = INTERNAL_ADMIN, api: Api = {}) {
  const sent = serve(record, api);
  renderScreen('patients.show', { path: '/patients/30/show', environment });
  await screen.findByRole('heading', { name: 'Ada Byron', level: 1 });
  return sent;
}

const demographics = () => screen.getByRole('region', { name: 'Demographics' });
const valueOf = (label: string) => {
  const term = within(demographics()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

beforeEach(() => localStorage.clear());

describe('the header', () => {
  it('shows the status in the chart banner, above the actions', async () => {
    await open(patient({ patient_status: 'consented' }));
    expect(within(screen.getByRole('region', { name: 'Patient summary' })).getByRole('group', { name: 'Status' })).toHaveTextContent('Consented');
    expect(screen.getByRole('toolbar', { name: 'Actions' })).toHaveTextContent('Edit');
  });
});

describe('the demographics card', () => {
  it('shows age in 365.25-day years with sex, the primary phone with the others in a tooltip, the verified e-mail and ICD-10 badges', async () => {
    await open(patient());
    expect(valueOf('Age / Sex at Birth').textContent).toMatch(/^\d+ years, Female$/);
    const phone = valueOf('Phone');
    expect(phone).toHaveTextContent('(555) 123-4567');
    expect(within(phone).getByRole('tooltip', { hidden: true })).toHaveTextContent('Home: (555) 987-6543');
    expect(within(valueOf('Email')).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(
      within(valueOf('Diagnoses'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['J44.9', 'I10']);
    expect(await within(valueOf('Provider')).findByText('Northwind Clinic')).toBeInTheDocument();
    expect(valueOf('Date of Birth')).toHaveTextContent('04/02/1950');
  });

  it('marks an unverified e-mail, and shows the home number first when it is the primary one', async () => {
    const base = patient();
    await open({ ...base, user: { ...(base.user as Row), is_email_verified: false, primary_phone_number_type: 'home' } });
    expect(within(valueOf('Email')).getByRole('img', { name: 'Unverified' })).toBeInTheDocument();
    expect(valueOf('Phone')).toHaveTextContent(/^\(555\) 987-6543/);
  });

  it('hides the date of birth of a pending patient from a user whose attendance is enforced, and only then', async () => {
    const tracked = environmentFor('internal_admin', { identity: { ...INTERNAL_ADMIN.identity, attendance_tracking_enabled: true } });
    await open(patient({ patient_status: 'pending_enrollment' }), tracked);
    expect(valueOf('Date of Birth')).toHaveTextContent('Hidden');
    expect(valueOf('Date of Birth')).not.toHaveTextContent('1950');
  });

  it('shows the date of birth of a pending patient to a user whose attendance is not enforced', async () => {
    await open(patient({ patient_status: 'pending_enrollment' }), INTERNAL_ADMIN);
    expect(valueOf('Date of Birth')).toHaveTextContent('04/02/1950');
  });
});

describe('the patient notes', () => {
  it('saves on blur only when changed, then shows the saved-at time', async () => {
    const user = userEvent.setup();
    const { patches } = await open(patient());
    const notes = screen.getByRole('textbox', { name: 'Patient notes' });
    expect(notes).toHaveValue('Prefers morning calls');
    await user.click(notes);
    await user.tab();
    expect(patches).toEqual([]);
    await user.type(notes, ' after 9am');
    await user.tab();
    await waitFor(() => expect(patches).toEqual([{ notes: 'Prefers morning calls after 9am' }]));
    expect(await screen.findByText(/^Saved at \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
  });

  it("says 'Error saving patient notes' when the save fails, and keeps the text", async () => {
    const user = userEvent.setup();
    await open(patient(), INTERNAL_ADMIN, { notesFail: true });
    const notes = screen.getByRole('textbox', { name: 'Patient notes' });
    await user.clear(notes);
    await user.type(notes, 'Call the daughter');
    await user.tab();
    expect(await screen.findByText('Error saving patient notes')).toBeInTheDocument();
    expect(notes).toHaveValue('Call the daughter');
  });
});

describe('the profile sections', () => {
  const headings = () =>
    screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Demographics');

  it("keeps the spec's order for an active patient, Enrollment Information lower with its edit action", async () => {
    await open(patient());
    expect(headings().filter((text) => !['Patient Notes'].includes(text ?? ''))).toEqual([
      'Care Programs',
      'Devices',
      'Shared Devices',
      'Device History',
      'Care Team',
      'Medications',
      'Consent Form',
      'Family & Contacts',
      'Conditions & Diagnosis',
      'Patient Status History',
      'Phone Numbers',
      'Mobile App Invitation',
      'Patient Data Export',
      'Enrollment Information',
    ]);
    expect(screen.getByRole('button', { name: 'Edit Enrollment Information' })).toBeInTheDocument();
  });

  it('puts Enrollment Information first for a pending patient, without the edit action', async () => {
    await open(patient({ patient_status: 'pending_enrollment' }));
    expect(headings()[1]).toBe('Enrollment Information');
    expect(screen.queryByRole('button', { name: 'Edit Enrollment Information' })).not.toBeInTheDocument();
  });
});

describe('the right panel', () => {
  const panel = () => screen.getByRole('complementary', { name: 'Patient panel' });
  const tabNames = () =>
    within(panel())
      .getAllByRole('tab')
      .map((tab) => tab.textContent);

  it('opens on Activity for an internal user with the flag, and shows Calls with its flag', async () => {
    await open(patient(), { ...INTERNAL_ADMIN, featureFlags: WITH_FLAGS });
    expect(tabNames()).toEqual(['Activity', 'Monitoring', 'Tasks', 'Calls']);
    expect(within(panel()).getByRole('tab', { selected: true })).toHaveTextContent('Activity');
  });

  it('opens on Monitoring without the flag, and for provider users', async () => {
    await open(patient(), INTERNAL_ADMIN);
    expect(tabNames()).toEqual(['Monitoring', 'Tasks']);
    expect(within(panel()).getByRole('tab', { selected: true })).toHaveTextContent('Monitoring');
  });

  it('opens on Monitoring for a provider user even with the flag', async () => {
    await open(patient(), { ...PROVIDER_ADMIN, featureFlags: WITH_FLAGS });
    expect(within(panel()).getByRole('tab', { selected: true })).toHaveTextContent('Monitoring');
  });

  it('counts my open tasks of the patient, 99+ above 99, and keeps only the badge when collapsed', async () => {
    const user = userEvent.setup();
    const { taskQueries } = await open(patient(), INTERNAL_ADMIN, { openTasks: 120 });
    expect(await within(panel()).findByLabelText('Open tasks: 99+')).toBeInTheDocument();
    expect(taskQueries).toContainEqual({ 'patient_id[eq]': 30, 'complete[eq]': false, 'assigned_to_id[eq]': 100 });
    await user.click(within(panel()).getByRole('button', { name: 'Collapse Patient panel' }));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('99+');
    await user.click(screen.getByRole('button', { name: 'Expand Patient panel' }));
    expect(within(panel()).getAllByRole('tab').length).toBeGreaterThan(0);
  });

  it('shows the exact count up to 99', async () => {
    await open(patient(), INTERNAL_ADMIN, { openTasks: 99 });
    expect(await within(panel()).findByLabelText('Open tasks: 99')).toBeInTheDocument();
  });

  it('shows no badge when I have no open task for the patient', async () => {
    const { taskQueries } = await open(patient(), INTERNAL_ADMIN, { openTasks: 0 });
    await waitFor(() => expect(taskQueries).toContainEqual({ 'patient_id[eq]': 30, 'complete[eq]': false, 'assigned_to_id[eq]': 100 }));
    expect(within(panel()).queryByLabelText(/^Open tasks/)).toBeNull();
  });

  it('starts at 25 % and resizes with the keyboard between 20 % and 50 %', async () => {
    const user = userEvent.setup();
    await open(patient());
    const separator = screen.getByRole('separator', { name: 'Resize Patient panel' });
    expect(separator).toHaveAttribute('aria-valuenow', '25');
    separator.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    await user.keyboard('{Home}');
    expect(separator).toHaveAttribute('aria-valuenow', '50');
  });
});
