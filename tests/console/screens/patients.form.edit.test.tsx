// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/** Ada Byron of the fixtures, with what the patient form holds. */
function open() {
  const records = fixtureRecords();
  const [ada] = records.patients ?? [];
  Object.assign(ada ?? {}, {
    care_setting: 'home',
    onboarding_notes: 'Prefers mornings',
    user: { ...(ada?.user as object), middle_name: 'K', email: 'ada@example.com', mobile_phone_number: '+16085550100' },
    profile: {
      demographics: { height: { value: 165.1, unit: 'cm', input_unit: 'ft_in' }, weight: { value: 61.2, unit: 'kg', input_unit: 'lb' }, bmi: 22.5 },
      comorbidities: ['Anemia'],
      risk_factors: ['Lives alone'],
      copd: { exacerbations: 2, gold_stage: '2' },
    },
  });
  const api = fixtureApi(records);
  server.use(
    // The record as the API answers it after the update: the account keeps its full name.
    http.put('*/api/patients/30', async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      api.requests.push({ method: 'PUT', path: '/api/patients/30', query: new URLSearchParams(), headers: request.headers, body });
      return HttpResponse.json({ ...ada, ...body, user: { ...(ada?.user as object), ...(body.user as object) } });
    }),
    ...api.handlers,
  );
  const view = renderScreen('patients.edit', { path: '/patients/30', environment: PROVIDER_ADMIN });
  return { ...view, api };
}

const puts = (api: ReturnType<typeof fixtureApi>) => api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/patients/30');

describe('the Edit Patient form', () => {
  it('opens the record under Patient Management > Patients > name > Edit, in the units it was typed in', async () => {
    open();
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ada');
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent(
      /Patient Management.*Patients.*Ada K Byron|Patient Management.*Patients.*Ada Byron/,
    );
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');
    expect(screen.getByLabelText('Height (feet)')).toHaveValue('5');
    expect(screen.getByLabelText('Height (inches)')).toHaveValue('5');
    expect(screen.getByLabelText('Weight (lb)')).toHaveValue(135);
    expect(screen.getByRole('region', { name: 'COPD' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Provider/ })).toBeNull();
  });

  it('sends cleared fields as null, risk factors cleared as an empty list, and says the changes are saved', async () => {
    const user = userEvent.setup();
    const { api } = open();
    await user.clear(await screen.findByLabelText(/Middle Name/));
    await user.clear(screen.getByLabelText(/Email/));
    await user.clear(screen.getByLabelText(/Onboarding Notes/));
    await user.click(within(screen.getByRole('group', { name: 'Risk Factors' })).getByLabelText('Lives alone'));
    await user.selectOptions(screen.getByLabelText('Height (feet)'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes to patient Ada Byron saved')).toBeInTheDocument();
    const body = puts(api)[0]?.body as Record<string, Record<string, unknown>>;
    expect(body.user).toMatchObject({ first_name: 'Ada', middle_name: null, email: null, mobile_phone_number: '+16085550100' });
    expect(body.onboarding_notes).toBeNull();
    expect(body.profile).toEqual({
      demographics: { height: null, weight: { value: 61.2, unit: 'kg', input_unit: 'lb' } },
      comorbidities: ['Anemia'],
      risk_factors: [],
      copd: { exacerbations: 2, gold_stage: '2' },
    });
    expect(body).not.toHaveProperty('care_plan');
    expect(body).not.toHaveProperty('patient_status');
  });

  it("shows the server's message when the save fails, and loads the record again", async () => {
    const user = userEvent.setup();
    const { api } = open();
    server.use(http.put('*/api/patients/30', () => HttpResponse.json({ detail: 'Not enough permissions' }, { status: 403 })));
    await user.type(await screen.findByLabelText(/Middle Name/), 'x');
    const reads = api.requests.filter((r) => r.method === 'GET' && r.path === '/api/patients/30').length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('status')).findByText('Not enough permissions')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/api/patients/30').length).toBeGreaterThan(reads));
  });

  it('goes Back to the patient', async () => {
    const user = userEvent.setup();
    const { location } = open();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/patients/30/show'));
  });
});
