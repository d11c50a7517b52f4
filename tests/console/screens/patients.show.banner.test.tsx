// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor } from '../helpers/environments';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type Row = Record<string, unknown>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A patient as GET /patients/30 answers the chart's expand: the record, its devices, open tasks and latest readings. */
const patient = (overrides: Row = {}): Row => ({
  id: 30,
  tenant_id: 1,
  patient_status: 'active',
  birthdate: '1950-04-02',
  gender: 'Female',
  billing_provider_id: 200,
  care_program_types: ['rpm', 'ccm'],
  profile: { no_known_allergies: true },
  user: { first_name: 'Ada', last_name: 'Byron', full_name: 'Ada Byron', email: 'ada@example.com' },
  devices: [
    { id: 7, external_id: '861234567890123', device_type: 'blood_pressure', device_manufacturer: 'tenovi', status: 'active', last_measurement: hoursAgo(3) },
    { id: 8, external_id: '861234567890124', device_type: 'cgm', device_manufacturer: 'freestylelibre', status: 'active', last_measurement: null },
  ],
  open_tasks: {
    count: 4,
    items: [
      { id: 1, title: 'Call about the missed readings', due_on: '2020-01-02', priority: 1 },
      { id: 2, title: 'Review the new cuff size', due_on: '2999-12-31', priority: 2 },
    ],
  },
  observations: [
    { name: 'oxygen_saturation', value: 96, unit: '%', timestamp: hoursAgo(30) },
    { name: 'blood_pressure', value: 80, systolic: 128, diastolic: 84, unit: 'mmHg', timestamp: hoursAgo(3) },
  ],
  ...overrides,
});

interface Served {
  /** The query strings of every GET of the patient. */
  reads: URLSearchParams[];
}

/** The record and every list of the page (empty), or the monitoring rows given; each read of the patient kept. */
function serve(record: Row, monitoring: Row[] = []): Served {
  const reads: URLSearchParams[] = [];
  const list = (rows: Row[]) =>
    HttpResponse.json(rows as JsonBodyType, { headers: { 'Content-Range': `items 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
  server.use(
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/patients/30', ({ request }) => {
      reads.push(new URL(request.url).searchParams);
      return HttpResponse.json(record as JsonBodyType);
    }),
    http.get('*/api/patients/30/can-be-consented', () => HttpResponse.json({ can_be_consented: false, missing_items: [] })),
    http.get('*/api/patients/30/:list', () => list([])),
    http.get('*/api/monitoring-activities', () => list(monitoring)),
    http.get('*/api/providers/1', () => HttpResponse.json({ id: 1, name: 'Northwind Clinic' })),
    http.get('*/api/users/200', () => HttpResponse.json({ id: 200, full_name: 'Nora Admin' })),
    http.get('*/api/:resource', () => list([])),
  );
  return { reads };
}

async function open(record: Row, monitoring: Row[] = []) {
  const served = serve(record, monitoring);
  const { unmount } = renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor('clinician') });
  await screen.findByRole('heading', { name: 'Ada Byron', level: 1 });
  return { ...served, unmount };
}

const summary = () => screen.getByRole('region', { name: 'Patient summary' });
const valueOf = (term: string) => within(summary()).getByRole('group', { name: term });

beforeEach(() => localStorage.clear());

describe("the patient's chart banner", () => {
  it('reads the record once, with the expansions the screen names', async () => {
    const { reads } = await open(patient());
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    expect(reads.map((query) => JSON.parse(query.get('meta') ?? 'null') as unknown)).toEqual([
      { expand: ['observations', 'devices', 'open_tasks', 'monitoring_facts'] },
    ]);
  });

  it('shows status, programs, devices with their last reading, allergies, open tasks and the last reading of each measure', async () => {
    await open(patient());
    expect(
      within(summary())
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Status', 'Programs', 'Devices', 'Allergies', 'Open tasks', 'Last readings']);
    expect(valueOf('Status')).toHaveTextContent('Active');
    expect(
      within(valueOf('Programs'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['RPM', 'CCM']);
    expect(
      within(valueOf('Devices'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Blood Pressure, last reading about 3 hours ago', 'CGM, no reading yet']);
    expect(valueOf('Allergies')).toHaveTextContent(/^No known allergies$/);
    const tasks = valueOf('Open tasks');
    expect(tasks).toHaveTextContent(/^4 open/);
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Call about the missed readings, overdue, due 01/02/2020', 'Review the new cuff size, due 12/31/2999']);
    // The queue's order of measures: blood pressure before oxygen saturation.
    expect(
      within(valueOf('Last readings'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BP 128/84 mmHg, about 3 hours ago', 'SpO2 96 %, 1 day ago']);
    const time = within(valueOf('Last readings')).getByText('about 3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/));
  });

  it("says 'None recorded' when the record says nothing of allergies, whether the flag is false or absent", async () => {
    const { unmount } = await open(patient({ profile: { no_known_allergies: false } }));
    expect(valueOf('Allergies')).toHaveTextContent(/^None recorded$/);
    unmount();
    await open(patient({ profile: {} }));
    expect(valueOf('Allergies')).toHaveTextContent(/^None recorded$/);
  });

  it('words what is missing: no programs, no devices, no open task, no reading', async () => {
    await open(patient({ care_program_types: [], devices: [], open_tasks: { count: 0, items: [] }, observations: [] }));
    expect(valueOf('Programs')).toHaveTextContent(/^No active programs$/);
    expect(valueOf('Devices')).toHaveTextContent(/^No devices assigned$/);
    expect(valueOf('Open tasks')).toHaveTextContent(/^None open$/);
    expect(valueOf('Last readings')).toHaveTextContent(/^No readings yet$/);
  });
});

describe('the Monitoring tab', () => {
  it('shows what each activity says; a status change is an event with no care time, logged work keeps its time', async () => {
    await open(patient(), [
      {
        id: 2,
        patient_id: 30,
        type: 'rpm_99457_99458',
        description: 'Reviewed readings and called the patient',
        duration: 750,
        reviewed_on: '2026-03-02T15:00:00Z',
      },
      {
        id: 1,
        patient_id: 30,
        type: 'activity',
        description: 'Patient status updated from Consented to Active',
        duration: 0,
        reviewed_on: '2026-03-01T15:00:00Z',
      },
    ]);
    const tab = await screen.findByRole('tabpanel', { name: 'Monitoring' });
    const rows = await within(tab).findAllByRole('row');
    // The day heads each row's activity: a 25% panel has no room for a column of its own.
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Activity', 'Time', 'Actions']);
    const [care, event] = rows.slice(1).map((row) => within(row).getAllByRole('cell'));
    expect(care?.[0]).toHaveTextContent(/^03\/02\/2026RPM 99457\/99458Reviewed readings and called the patient$/);
    expect(care?.[1]).toHaveTextContent(/^12:30$/);
    expect(event?.[0]).toHaveTextContent(/^03\/01\/2026Event:Patient status updated from Consented to Active$/);
    expect(event?.[0]?.querySelector('[data-activity="event"]')).not.toBeNull();
    expect(event?.[1]).not.toHaveTextContent('00:00');
    expect(event?.[1]).toHaveTextContent('No care time');
    // A note may be edited or deleted; the server's record of a status change may not.
    expect(within(rows[1]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });
});
