// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { usersFeature } from '../../../../src/console/features/users';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Locations = usersFeature.widgets.user_locations.Component;

/** The user's locations and the active locations, as the server answers them; what was sent is in the lists. */
function api(add: () => Response = () => HttpResponse.json({ id: 3, location_id: 11, name: 'Eastside', tenant_id: 1 }, { status: 201 })) {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/users/7/locations', () =>
      HttpResponse.json([{ id: 2, location_id: 10, name: 'Main Office', tenant_id: 1, created_on: '2026-01-01T00:00:00Z' }]),
    ),
    http.get('/api/locations', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        [
          { id: 10, name: 'Main Office' },
          { id: 11, name: 'Eastside' },
        ],
        { headers: { 'Content-Range': 'locations 0-1/2' } },
      );
    }),
    http.post('/api/users/7/locations', async ({ request }) => {
      posted.push(await request.json());
      return add();
    }),
    http.delete('/api/users/7/locations', ({ request }) => {
      deleted.push(new URL(request.url).search);
      return HttpResponse.json({ message: 'Removed' });
    }),
  );
  return { posted, deleted, queries };
}

const render = () => renderPart(<Locations options={{}} />, { record: { id: 7, is_internal: true }, params: { id: '7' } });

describe('the Locations tab of an internal user', () => {
  it('lists the user’s locations and adds one of the active locations (100 offered)', async () => {
    const user = userEvent.setup();
    const { posted, queries } = api();
    render();
    expect(await screen.findByRole('cell', { name: 'Main Office' })).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Location' });
    await screen.findByRole('option', { name: 'Eastside' });
    expect(queries[0]?.get('limit')).toBe('100');
    expect(JSON.parse(queries[0]?.get('filter') ?? '{}')).toEqual({ 'is_active[eq]': true });
    await user.selectOptions(picker, 'Eastside');
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Location added successfully')).toBeVisible();
    expect(posted).toEqual([{ location_id: 11 }]);
  });

  it("warns 'Location already added' on a 409, and says 'Error adding location' otherwise", async () => {
    const user = userEvent.setup();
    let status = 409;
    api(() => HttpResponse.json({ message: 'Location already added' }, { status }));
    render();
    await screen.findByRole('option', { name: 'Eastside' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Main Office');
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    const warning = await screen.findByText('Location already added');
    expect(warning.closest('[data-kind]')).toHaveAttribute('data-kind', 'warning');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    expect((await screen.findByText('Error adding location')).closest('[data-kind]')).toHaveAttribute('data-kind', 'error');
  });

  it('removes a location, or says it could not', async () => {
    const user = userEvent.setup();
    const { deleted } = api();
    render();
    await user.click(await screen.findByRole('button', { name: 'Remove Main Office' }));
    expect(await screen.findByText('Location removed successfully')).toBeVisible();
    expect(deleted).toEqual(['?location_id=10']);
    server.use(http.delete('/api/users/7/locations', () => HttpResponse.json({ detail: 'No' }, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Remove Main Office' }));
    expect(await screen.findByText('Error removing location')).toBeVisible();
  });
});
