// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor } from '../helpers/environments';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

const acute = {
  id: 41,
  tenant_id: 1,
  priority: 'acute',
  patient_status: 'active',
  birthdate: '1950-05-31',
  gender: 'Female',
  primary_condition: 'COPD',
  care_setting: 'home',
  has_device: true,
  last_device_activity: null,
  general_review_status: 'pending',
  rpm_review_status: 'reviewed',
  rpm_last_reviewed: null,
  user: { id: 141, full_name: 'Ada Acute', last_name: 'Acute', tenant_id: 1 },
  observations: [
    { name: 'heart_rate', value: 72.5, unit: 'bpm' },
    { name: 'forced_expiratory_volume_1', value: 2.25, unit: 'L' },
  ],
};
const unprioritised = { ...acute, id: 42, priority: null, user: { ...acute.user, id: 142, full_name: 'Noel None' }, observations: [] };

/** The queue's API: every list request is kept; the answer is `rows` (all of them, whatever the filter). */
function api(rows: Record<string, unknown>[] = [acute, unprioritised]) {
  const lists: URLSearchParams[] = [];
  const settings: unknown[] = [];
  server.use(
    http.get('/api/screens', () => HttpResponse.json([])),
    http.get('/api/patients', ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `patients ${rows.length ? `0-${rows.length - 1}` : '*'}/${rows.length}` } });
    }),
    http.put('/api/users/settings', async ({ request }) => {
      settings.push(await request.json());
      return HttpResponse.json({ settings: {}, preferred_mfa_method: null });
    }),
  );
  const last = () => lists.at(-1) as URLSearchParams;
  const json = (name: string) => JSON.parse(last().get(name) ?? '{}') as Record<string, unknown>;
  return { lists, settings, last, json };
}

const clinician = environmentFor('clinician');

describe('the patient queue', () => {
  it('asks for active patients by risk, in my care by default, with their observations', async () => {
    const { last, json } = api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    expect(await screen.findByText('Ada Acute')).toBeInTheDocument();
    expect(last().get('sort')).toBe('priority');
    expect(last().get('order')).toBe('desc');
    expect(json('filter')).toEqual({ 'patient_status[eq]': 'active' });
    expect(json('meta')).toEqual({ expand: ['profile', 'observations'], under_care: true });
    expect(screen.getByRole('switch')).toBeChecked();
    expect(screen.getByText('Showing Patients in my Care')).toBeInTheDocument();
  });

  it('shows the priority badge (N/A without one) and the observations rounded', async () => {
    api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    const [first, second] = (await screen.findAllByRole('row')).slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Acute')).toBeInTheDocument();
    expect(within(first).getByText('HR 73 bpm')).toBeInTheDocument();
    expect(within(first).getByText('FEV1 2.3 L')).toBeInTheDocument();
    expect(within(second).getByText('N/A')).toBeInTheDocument();
  });

  it("'Showing all Patients' drops under_care and is saved as the user's preference", async () => {
    const user = userEvent.setup();
    const { settings, json } = api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    await screen.findByText('Ada Acute');
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Showing all Patients')).toBeInTheDocument();
    await waitFor(() => expect(json('meta')).toEqual({ expand: ['profile', 'observations'] }));
    expect(settings).toEqual([{ patient_queue_under_care: false }]);
  });

  it('starts from the saved preference', async () => {
    const { json } = api();
    const saved = environmentFor('clinician');
    saved.identity.settings = { ...saved.identity.settings, patient_queue_under_care: false };
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: saved });
    await screen.findByText('Ada Acute');
    expect(screen.getByText('Showing all Patients')).toBeInTheDocument();
    expect(json('meta')).toEqual({ expand: ['profile', 'observations'] });
  });

  it("the view selector asks for the view's patients and shows its review status and its filter", async () => {
    const user = userEvent.setup();
    const { json } = api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    await screen.findByText('Ada Acute');
    expect(screen.getByRole('columnheader', { name: 'Review Status' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /View/ }));
    await user.click(screen.getByRole('option', { name: 'RPM' }));
    await waitFor(() => expect(json('filter')).toEqual({ 'patient_status[eq]': 'active', 'has_rpm[eq]': true }));
    expect(await screen.findByRole('columnheader', { name: 'RPM Review' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Review Status' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /RPM Review Status/ }));
    await user.click(screen.getByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(json('filter')).toMatchObject({ 'rpm_review_status[in]': ['pending'] }));
  });

  it('filters by days since the last device activity and by device', async () => {
    const user = userEvent.setup();
    const { json } = api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    await screen.findByText('Ada Acute');
    await user.click(screen.getByRole('button', { name: /Days Since Last Device Activity/ }));
    await user.click(screen.getByRole('option', { name: '7+ days' }));
    await waitFor(() => expect(String(json('filter')['last_device_activity[lte]'])).toMatch(/T\d\d:59:59\.999Z$/));
    await user.click(screen.getByRole('button', { name: /Has Device/ }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    await waitFor(() => expect(json('filter')).toMatchObject({ 'has_device[eq]': 'false' }));
  });

  it('searches from 2 characters', async () => {
    const user = userEvent.setup();
    const { json } = api();
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    await screen.findByText('Ada Acute');
    await user.type(screen.getByRole('searchbox'), 'A');
    expect(await screen.findByText('Please enter at least 2 characters to search')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'd');
    await waitFor(() => expect(json('filter').q).toEqual({ field: 'user.full_name', value: 'Ad' }));
  });

  it("a row opens the patient's clinical page", async () => {
    const user = userEvent.setup();
    api();
    const { location } = renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    await user.click(await screen.findByText('Ada Acute'));
    expect(location.history.at(-1)).toBe('/patients/41/show/clinical');
  });

  it("says 'No patients in your queue' when there are none", async () => {
    api([]);
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    expect(await screen.findByText('No patients in your queue')).toBeInTheDocument();
  });

  it("an empty queue names the 'Showing Patients in my Care' switch while it is on, and not once it is off", async () => {
    const user = userEvent.setup();
    api([]);
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    expect(await screen.findByText('No patients in your queue')).toBeInTheDocument();
    expect(screen.getByText(/'Showing Patients in my Care' is on: .* Switch it to 'Showing all Patients' to see every patient\./)).toBeInTheDocument();
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Showing all Patients')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/'Showing Patients in my Care' is on/)).toBeNull());
    expect(screen.getByText('No patients in your queue')).toBeInTheDocument();
  });

  it('marks an out-of-range reading for the eye and for screen readers', async () => {
    const high = { ...acute, observations: [{ name: 'blood_glucose', value: 212, unit: 'mg/dL', out_of_range: { range: 'high', limit: 180 } }] };
    api([high]);
    renderScreen('patient-queue.list', { path: '/patient-queue', environment: clinician });
    const reading = (await screen.findByText('Glucose 212 mg/dL', { exact: false })).closest('li') as HTMLElement;
    expect(reading).toHaveTextContent('Glucose 212 mg/dL ↑ (out of range: above 180)');
    expect(reading).toHaveAttribute('title', 'Out of range: above 180');
  });
});
