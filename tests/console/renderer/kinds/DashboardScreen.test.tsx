// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { PROVIDER_ADMIN, environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

describe('a dashboard screen (Home)', () => {
  it("shows the user's own consented patients to a user with patients.list, with View More and row clicks", async () => {
    const user = userEvent.setup();
    // Ada Byron was consented by the provider admin (user 200), who opens Home.
    const records = fixtureRecords();
    records.patients = (records.patients ?? []).map((patient) => ({ ...patient, consented_by_id: 200 }));
    const api = fixtureApi(records);
    server.use(...api.handlers);
    const { location } = renderScreen('home.dashboard', { path: '/', environment: PROVIDER_ADMIN });
    const section = await screen.findByRole('region', { name: 'My Consented Patients' });
    expect(within(section).getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/patients?status=consented&consented_by_id=200');
    await user.click(await within(section).findByText('Ada Byron'));
    expect(location.history.at(-1)).toBe('/patients/30/show');
    const asked = api.requests.find((r) => r.path === '/api/patients');
    expect(JSON.parse(asked?.query.get('filter') ?? '')).toEqual({ 'patient_status[eq]': 'consented', 'consented_by_id[eq]': 200 });
    // Spec 001 section 2 (issue 19): ten a page, newest consent first.
    expect(asked?.query.get('sort')).toBe('consented_on');
    expect(asked?.query.get('order')).toBe('desc');
  });

  it("shows no one else's consented patients", async () => {
    server.use(...fixtureApi().handlers);
    renderScreen('home.dashboard', { path: '/', environment: PROVIDER_ADMIN });
    const section = await screen.findByRole('region', { name: 'My Consented Patients' });
    expect(await within(section).findByText('No consented patients yet')).toBeInTheDocument();
    expect(within(section).queryByText('Ada Byron')).toBeNull();
  });

  it('leaves out a section the user may not see', async () => {
    server.use(...fixtureApi().handlers);
    renderScreen('home.dashboard', { path: '/', environment: environmentFor('staff', { permissions: { 'tasks.list': 'tenant' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Consented Patients' })).toBeNull();
  });
});
