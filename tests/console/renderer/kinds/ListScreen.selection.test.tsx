// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_STAFF } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open(environment = INTERNAL_ADMIN) {
  const api = fixtureApi();
  server.use(...api.handlers);
  renderScreen('devices.list', { path: '/devices', environment });
  return api;
}

describe('a list screen: selection and bulk actions', () => {
  it('lets only devices with no patient that are not decommissioned be selected', async () => {
    open();
    await screen.findByText('356938035643809');
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toBeDisabled();
  });

  it('offers the bulk actions on the selection and sends them with the ids', async () => {
    const user = userEvent.setup();
    const api = open();
    await screen.findByText('356938035643809');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    const bulk = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bulk).getByRole('button', { name: 'Bulk Edit' })).toBeInTheDocument();
    await user.click(within(bulk).getByRole('button', { name: 'Mark as Received' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Devices successfully marked as received')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/devices', body: { ids: [2], data: { update_action: 'mark_received' } } });
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
  });

  it('keeps bulk actions a user may not run out of the bar', async () => {
    const user = userEvent.setup();
    open(PROVIDER_STAFF);
    await screen.findByText('356938035643809');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).queryAllByRole('button')).toHaveLength(0);
  });

  it('has no selection where the definition allows none', async () => {
    server.use(...fixtureApi().handlers);
    renderScreen('device-issues.list', { path: '/device-issues' });
    await screen.findByText('Battery: Drains in a day');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
