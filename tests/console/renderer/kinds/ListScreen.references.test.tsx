// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

describe('a list screen: the records its reference cells name', () => {
  it('come in one request per column (filter id[in]), never one per row', async () => {
    // Three devices of three patients: the Patient column names each.
    const records = fixtureRecords();
    const [ada] = records.patients ?? [];
    const names = ['Ada Byron', 'Grace Hopper', 'Edith Clarke'];
    records.patients = names.map((full_name, i) => ({ ...ada, id: 30 + i, user: { ...(ada?.user as object), full_name } }));
    (records.devices ?? []).forEach((device, i) => (device.patient_id = 30 + (i % names.length)));
    const api = fixtureApi(records);
    // The batch answers after the rows are drawn, as over a network: the cells must wait for it, not fetch their own.
    server.use(
      http.get('*/api/patients', async () => {
        await delay(200);
      }),
      ...api.handlers,
    );
    renderScreen('devices.list', { path: '/devices' });
    for (const name of names) expect((await screen.findAllByText(name)).length).toBeGreaterThan(0);

    const patientCalls = api.requests.filter((request) => request.path.startsWith('/api/patients'));
    expect(patientCalls.map((request) => request.path)).toEqual(['/api/patients']);
    expect(JSON.parse(patientCalls[0]?.query.get('filter') ?? '{}')).toEqual({ 'id[in]': expect.arrayContaining([30, 31, 32]) as unknown });
  });
});
