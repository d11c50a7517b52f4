// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { devices, fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

function open(id: number, extra: Record<string, unknown>[] = []) {
  const records = fixtureRecords();
  records.devices = [...(records.devices ?? []), ...extra];
  server.use(...fixtureApi(records).handlers);
  renderScreen('devices.show', { path: `/devices/${id}/show`, environment: INTERNAL_ADMIN });
}

describe('the device page names its patient (issue 11)', () => {
  it('links an assigned device to the record of its patient, by name', async () => {
    open(1);
    expect(await screen.findByText('With Patient')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Ada Byron' });
    expect(link).toHaveAttribute('href', '/patients/30/show');
  });

  it('shows no patient field for a device with no patient', async () => {
    open(2);
    expect(await screen.findByText('At location')).toBeInTheDocument();
    expect(screen.queryByText('Patient', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ada Byron' })).toBeNull();
  });
});

describe('device labels (issue 11): CGM and FreeStyle Libre, as their makers write them', () => {
  it('titles a continuous glucose monitor CGM and names its maker FreeStyle Libre', async () => {
    const cgm = { ...devices[1], id: 21, device_type: 'cgm', device_manufacturer: 'freestylelibre', device_model: 'Libre 3', misc_data: {} };
    open(21, [cgm]);
    expect(await screen.findByRole('heading', { level: 1, name: 'CGM 21' })).toBeInTheDocument();
    expect(screen.getByText('FreeStyle Libre')).toBeInTheDocument();
    expect(screen.queryByText(/Cgm|Freestylelibre/)).toBeNull();
  });
});
