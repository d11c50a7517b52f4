// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open(path: string) {
  const api = fixtureApi();
  server.use(...api.handlers);
  return { ...renderScreen('locations.show', { path }), api };
}

describe('a tabs screen (a location: Summary, All Devices, Pending Devices)', () => {
  it('is titled by the record and opens on Summary with the device counts', async () => {
    open('/locations/10/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'Main Office' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    const devices = await screen.findByRole('region', { name: 'Devices' });
    const pending = await within(devices).findByText('Pending Devices');
    await waitFor(() => expect(pending.nextElementSibling).toHaveTextContent('1'));
  });

  it('keeps the tab in the path, and lists the devices of the location', async () => {
    const user = userEvent.setup();
    const { location, api } = open('/locations/10/show');
    await user.click(await screen.findByRole('tab', { name: 'All Devices' }));
    expect(location.history.at(-1)).toBe('/locations/10/show/devices');
    expect(await screen.findByText('A1B2-C3D4-E5F6')).toBeInTheDocument();
    const request = [...api.requests].reverse().find((r) => r.path === '/api/devices' && r.query.get('limit') === '10');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ 'location_id[eq]': '10' });
  });

  it('opens the tab a path names, and the first for an unknown one', async () => {
    const first = open('/locations/10/show/pending-devices');
    expect(await screen.findByRole('tab', { name: 'Pending Devices' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();
    open('/locations/10/show/nonsense');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true'));
  });
});
