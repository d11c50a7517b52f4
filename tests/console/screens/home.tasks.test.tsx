// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

/** Home's Your Tasks (spec 001 section 2: an Open Tasks table, for tasks.list; section 9: open tasks 10). */
const server = useMswServer();

describe("Home's Your Tasks", () => {
  it("lists my open tasks, 10 a page by due day, and a row opens the patient's record", async () => {
    const user = userEvent.setup();
    const api = fixtureApi();
    server.use(...api.handlers);
    const { location } = renderScreen('home.dashboard', { path: '/', environment: INTERNAL_ADMIN });
    const section = await screen.findByRole('region', { name: 'Your Tasks' });
    await within(section).findByText('Review the latest blood pressure readings');
    expect(within(section).getAllByRole('row')).toHaveLength(2);
    const request = api.requests.find((r) => r.path === '/api/tasks');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ 'assigned_to_id[eq]': 100, 'complete[eq]': false });
    expect([request?.query.get('sort'), request?.query.get('order'), request?.query.get('limit')]).toEqual(['due_on', 'asc', '10']);
    await user.click(within(section).getByText('Review the latest blood pressure readings'));
    expect(location.history.at(-1)).toBe('/patients/30/show');
  });

  it('says so when I have none, and is not there without tasks.list', async () => {
    server.use(...fixtureApi().handlers);
    const { unmount } = renderScreen('home.dashboard', { path: '/', environment: environmentFor('clinician') });
    const section = await screen.findByRole('region', { name: 'Your Tasks' });
    expect(await within(section).findByText('No open tasks')).toBeInTheDocument();
    unmount();
    const clinician = environmentFor('clinician');
    const { 'tasks.list': _tasks, ...withoutTasks } = clinician.permissions;
    renderScreen('home.dashboard', { path: '/', environment: { ...clinician, permissions: withoutTasks } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Tasks' })).toBeNull();
  });
});
