// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { PROVIDER_ADMIN, environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

describe('a dashboard screen (Home)', () => {
  it('shows My Consented Patients to a user with patients.list, with View More and row clicks', async () => {
    const user = userEvent.setup();
    const api = fixtureApi();
    server.use(...api.handlers);
    const { location } = renderScreen('home.dashboard', { path: '/', environment: PROVIDER_ADMIN });
    const section = await screen.findByRole('region', { name: 'My Consented Patients' });
    expect(within(section).getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/patients?status=consented');
    await user.click(await within(section).findByText('Ada Byron'));
    expect(location.history.at(-1)).toBe('/patients/30/show');
    expect(JSON.parse(api.requests.find((r) => r.path === '/api/patients')?.query.get('filter') ?? '')).toEqual({ 'patient_status[eq]': 'consented' });
  });

  it('leaves out a section the user may not see', async () => {
    server.use(...fixtureApi().handlers);
    renderScreen('home.dashboard', { path: '/', environment: environmentFor('staff', { permissions: { 'tasks.list': 'tenant' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Consented Patients' })).toBeNull();
  });
});
