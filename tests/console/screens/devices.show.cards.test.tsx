// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

function open(id: number, environment = INTERNAL_ADMIN) {
  const api = fixtureApi();
  server.use(...api.handlers);
  renderScreen('devices.show', { path: `/devices/${id}/show`, environment });
  return api;
}

/**
 * A gate that lets requests through only once `count` of them are waiting, and fails them all
 * after `timeoutMs` otherwise: cards fetched one after another never fill it.
 */
function barrier(count: number, timeoutMs: number) {
  const arrived: string[] = [];
  let open!: () => void;
  const all = new Promise<void>((resolve) => (open = resolve));
  return {
    arrived,
    async pass(name: string): Promise<boolean> {
      arrived.push(name);
      if (arrived.length === count) open();
      return Promise.race([all.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
    },
  };
}

const late = () => HttpResponse.json({ detail: 'The card requests did not arrive together' }, { status: 504 });

describe('the device page cards (spec 000 section 2.5)', () => {
  it('loads Measurements, Events and Charges in one round of parallel requests', async () => {
    const gate = barrier(3, 2_000);
    open(1);
    // Handlers added last are tried first; a resolver that returns nothing hands the request on to the fixture API.
    server.use(
      http.get('*/api/device-activities', async ({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter') ?? '';
        const card = filter.includes('activity_type[ne]') ? 'events' : 'measurements';
        return (await gate.pass(card)) ? undefined : late();
      }),
      http.get('*/api/devices/1/one-time-fees', async () => ((await gate.pass('charges')) ? undefined : late())),
    );
    const measurements = await screen.findByRole('region', { name: 'Measurements' });
    expect(await within(measurements).findByText('128/84 mmHg')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Events' })).findByText('Battery: Drains in a day')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Charges' })).findByText('$49.00')).toBeInTheDocument();
    expect(gate.arrived.sort()).toEqual(['charges', 'events', 'measurements']);
  });

  it('shows the charges of the device: page 1 of 100 from devices/{id}/one-time-fees, amount as money, fee type', async () => {
    const api = open(1);
    const charges = await screen.findByRole('region', { name: 'Charges' });
    expect(await within(charges).findByText('$49.00')).toBeInTheDocument();
    expect(within(charges).getByText('Device Fee')).toBeInTheDocument();
    expect(within(charges).getByRole('columnheader', { name: 'Time' })).toBeInTheDocument();
    const request = api.requests.find((r) => r.path === '/api/devices/1/one-time-fees');
    expect(request?.query.get('skip')).toBe('0');
    expect(request?.query.get('limit')).toBe('100');
    expect(charges).toHaveStyle({ height: '40vh' });
  });

  it("says 'No charges found' for a device without charges", async () => {
    open(2);
    expect(await within(await screen.findByRole('region', { name: 'Charges' })).findByText('No charges found')).toBeInTheDocument();
  });

  it('keeps Events and Charges from provider users, and does not ask for them', async () => {
    const api = open(1, PROVIDER_ADMIN);
    await within(await screen.findByRole('region', { name: 'Measurements' })).findByText('128/84 mmHg');
    expect(screen.queryByRole('region', { name: 'Events' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Charges' })).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/one-time-fees'))).toBe(false);
  });
});
