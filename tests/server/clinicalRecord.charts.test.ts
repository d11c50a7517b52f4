import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, startOfZonedDay, zonedDay } from '../../src/domain/zonedDays';
import { addReadings, anonymous, auditOf, DAY_MS, DEMO_ZONE, expectedBaseline, HOUR_MS, newDevice, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * GET patients/{id}/charts/{measure} (spec 001 sections 7 and 9 "Charts"; the contract of issue 14):
 * the answer's shape, the default range and the bounds of a range in the provider's time zone, order
 * and paging, the timescales' buckets, the 7-day moving-average baseline, what a flag does to the
 * points and the baseline, the table view's disable_flagged_filter, who may read a chart, and its
 * audit row. The readings are a fresh patient's, written as a device writes them, in January 2025
 * (no daylight saving change in Chicago), so that every expected number is computed here.
 */

type Row = Record<string, unknown>;
interface Point {
  id: number | null;
  x: string;
  y: number;
  y2: number | null;
  count?: number;
  annotations: Row[];
}
interface Chart {
  chart_name: string;
  unit: string;
  points: Point[];
  trend_points: { x: string; y: number; y2: number | null }[];
  details: { data_range: { start: string; end: string }; data_points: number };
}

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let superadmin: Client;
let clinicianId: number;
/** The fresh Northwind patient whose readings the charts show. */
let patientId: number;
/** Heart rate: one reading a day at noon in Chicago (18:00Z), 2024-12-30 to 2025-01-19, 60 + its index. */
let heartRates: { id: number; x: string; y: number }[];
const db = () => t.app.db;

/** Noon in Chicago (CST, UTC−6) on a January 2025 day. */
const noon = (day: string) => new Date(`${day}T18:00:00.000Z`);
const chartOf = (answer: ApiAnswer) => answer.body as Chart;
const url = (measure: string, id = patientId) => `/api/patients/${id}/charts/${measure}`;
/** The week the heart-rate tests chart: Monday 6 to Sunday 12 January 2025, readings 7 to 13. */
const WEEK = { start_date: '2025-01-06', end_date: '2025-01-12' };

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
  patientId = await newPatient(t.app, northwind);
  const device = { id: await newDevice(t.app, northwind, patientId), tenantId: northwind, patientId };
  const days = Array.from({ length: 21 }, (_, i) => addDays('2024-12-30', i));
  const ids = await addReadings(
    t.app,
    device,
    days.map((day, i) => ({ at: noon(day), name: 'heart_rate', value: 60 + i, unit: 'bpm' })),
  );
  heartRates = days.map((day, i) => ({ id: ids[i] as number, x: noon(day).toISOString(), y: 60 + i }));
}, 120_000);
afterAll(async () => t?.close());

/** The heart-rate readings of WEEK (indexes 7 to 13), as the chart gives them. */
const weekReadings = () => heartRates.slice(7, 14);

describe('the answer', () => {
  test('names the measure and its unit, and gives each reading with its id, instant, value and annotations, oldest first', async () => {
    const answer = await clinician.get(url('heart_rate'), WEEK);
    expect(answer.status).toBe(200);
    const chart = chartOf(answer);
    expect(Object.keys(chart).sort()).toEqual(['chart_name', 'details', 'points', 'trend_points', 'unit']);
    expect(chart.chart_name).toBe('heart_rate');
    expect(chart.unit).toBe('bpm');
    expect(chart.points).toEqual(weekReadings().map((r) => ({ id: r.id, x: r.x, y: r.y, y2: null, annotations: [] })));
    expect(chart.details).toEqual({ data_range: { start: '2025-01-06T06:00:00.000Z', end: '2025-01-13T05:59:59.999Z' }, data_points: 7 });
  });

  test('the baseline is the 7-day moving average of the charted readings, the week before the range included', async () => {
    const chart = chartOf(await clinician.get(url('heart_rate'), WEEK));
    // Daily readings 60 + i: the mean of readings i − 6 to i is 57 + i (readings 7 to 13: 64 to 70).
    expect(chart.trend_points).toEqual(weekReadings().map((r, k) => ({ x: r.x, y: 64 + k, y2: null })));
    expect(chart.trend_points.map((p) => p.y)).toEqual(
      expectedBaseline(heartRates)
        .slice(7, 14)
        .map((p) => p.y),
    );
  });

  test('an unknown measure is 404, and a bad patient id 422 at the path', async () => {
    const unknown = await clinician.get(url('cholesterol'), WEEK);
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await auditOf(t.app, unknown)).toEqual([expect.objectContaining({ outcome: 'denied', patient_id: patientId })]);
    expect(isValidationError(await clinician.get('/api/patients/abc/charts/heart_rate'), ['path', 'patient_id'])).toBe(true);
    expect((await clinician.get(url('heart_rate', 2147483000))).status).toBe(404);
  });

  test('a blood pressure point carries the diastolic as y2, and so does its baseline', async () => {
    const bp = await newPatient(t.app, northwind);
    const device = { id: await newDevice(t.app, northwind, bp), tenantId: northwind, patientId: bp };
    const [first, second] = await addReadings(t.app, device, [
      { at: noon('2025-01-06'), name: 'blood_pressure', value: 120, value2: 80 },
      { at: noon('2025-01-07'), name: 'blood_pressure', value: 131, value2: 91 },
    ]);
    const chart = chartOf(await clinician.get(url('blood_pressure', bp), WEEK));
    expect(chart.unit).toBe('mmHg');
    expect(chart.points).toEqual([
      { id: first, x: noon('2025-01-06').toISOString(), y: 120, y2: 80, annotations: [] },
      { id: second, x: noon('2025-01-07').toISOString(), y: 131, y2: 91, annotations: [] },
    ]);
    expect(chart.trend_points).toEqual([
      { x: noon('2025-01-06').toISOString(), y: 120, y2: 80 },
      { x: noon('2025-01-07').toISOString(), y: 125.5, y2: 85.5 },
    ]);
  });

  test("a measure without readings is an empty chart in the measure's usual unit", async () => {
    const chart = chartOf(await clinician.get(url('oxygen_saturation'), WEEK));
    expect(chart).toMatchObject({ chart_name: 'oxygen_saturation', points: [], trend_points: [], details: { data_points: 0 } });
    expect(chart.unit).toEqual(expect.any(String));
  });
});

describe('the range', () => {
  test("start_date and end_date run from the start of the first day to the end of the last, in the provider's time zone", async () => {
    const patient = await newPatient(t.app, northwind);
    const device = { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient };
    // Chicago is UTC−6 in January: 6 January starts at 06:00Z, 12 January ends at 13 January 05:59:59.999Z.
    const instants = ['2025-01-06T05:59:59.999Z', '2025-01-06T06:00:00.000Z', '2025-01-13T05:59:59.999Z', '2025-01-13T06:00:00.000Z'];
    const ids = await addReadings(
      t.app,
      device,
      instants.map((x, i) => ({ at: new Date(x), name: 'oxygen_saturation', value: 94 + i, unit: '%' })),
    );
    const chart = chartOf(await clinician.get(url('oxygen_saturation', patient), WEEK));
    expect(chart.points.map((p) => [p.id, p.x, p.y])).toEqual([
      [ids[1], instants[1], 95],
      [ids[2], instants[2], 96],
    ]);
    expect(chart.details).toEqual({ data_range: { start: '2025-01-06T06:00:00.000Z', end: '2025-01-13T05:59:59.999Z' }, data_points: 2 });
    // The reading just before the range counts in the first baselines (the week before the range is read), not in the points.
    expect(chart.trend_points).toEqual([
      { x: instants[1], y: 94.5, y2: null },
      // 13 January 05:59:59.999Z less 7 days is the excluded reading's instant: the window is (x − 7 days, x].
      { x: instants[2], y: 95.5, y2: null },
    ]);
    // One day: its start to its end.
    const day = chartOf(await clinician.get(url('oxygen_saturation', patient), { start_date: '2025-01-06', end_date: '2025-01-06' }));
    expect(day.points.map((p) => p.x)).toEqual([instants[1]]);
  });

  test('without dates the range is the past 3 months up to the end of today', async () => {
    const patient = await newPatient(t.app, northwind);
    const device = { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient };
    const today = zonedDay(new Date(), DEMO_ZONE);
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const first = new Date(Date.UTC(y, m - 1 - 3, d)).toISOString().slice(0, 10);
    const start = startOfZonedDay(first, DEMO_ZONE);
    const readings = [
      { at: new Date(start.getTime() - HOUR_MS), value: 70 },
      { at: new Date(start.getTime() + HOUR_MS), value: 71 },
      { at: new Date(Date.now() - 45 * DAY_MS), value: 72 },
      { at: new Date(Date.now() - 60_000), value: 73 },
    ];
    await addReadings(
      t.app,
      device,
      readings.map((r) => ({ ...r, name: 'heart_rate' })),
    );
    const chart = chartOf(await clinician.get(url('heart_rate', patient)));
    expect(chart.points.map((p) => p.y)).toEqual([71, 72, 73]);
    expect(chart.details).toEqual({
      data_range: { start: start.toISOString(), end: new Date(startOfZonedDay(addDays(today, 1), DEMO_ZONE).getTime() - 1).toISOString() },
      data_points: 3,
    });
  });

  test('a start after the end, or a day that is no date, is 422 at the query', async () => {
    const reversed = await clinician.get(url('heart_rate'), { start_date: '2025-01-12', end_date: '2025-01-06' });
    expect(isValidationError(reversed, ['query', 'start_date'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { start_date: '2025-02-30' }), ['query', 'start_date'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { end_date: 'yesterday' }), ['query', 'end_date'])).toBe(true);
  });
});

describe('order and paging', () => {
  test('order=desc gives the newest first; skip and limit page the points, data_points counts them all', async () => {
    const desc = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, order: 'desc' }));
    expect(desc.points.map((p) => p.y)).toEqual([73, 72, 71, 70, 69, 68, 67]);
    const page = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, order: 'desc', skip: '2', limit: '3' }));
    expect(page.points.map((p) => p.y)).toEqual([71, 70, 69]);
    expect(page.details.data_points).toBe(7);
    // The baseline is computed before paging: it is the whole range's, whatever the page.
    expect(page.trend_points.map((p) => p.y)).toEqual([64, 65, 66, 67, 68, 69, 70]);
    const past = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, skip: '7' }));
    expect(past.points).toEqual([]);
  });

  test('limit is 1 to 5,000; other values, an unknown order or timescale, or an unknown parameter are 422', async () => {
    expect(isValidationError(await clinician.get(url('heart_rate'), { limit: '5001' }), ['query', 'limit'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { limit: '0' }), ['query', 'limit'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { skip: '-1' }), ['query', 'skip'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { order: 'up' }), ['query', 'order'])).toBe(true);
    expect(isValidationError(await clinician.get(url('heart_rate'), { timescale: 'year' }), ['query', 'timescale'])).toBe(true);
    expect((await clinician.get(url('heart_rate'), { colour: 'red' })).status).toBe(422);
    expect((await clinician.get(url('heart_rate'), { ...WEEK, limit: '5000' })).status).toBe(200);
  });
});

describe('timescales', () => {
  let patient: number;
  const RANGE = { start_date: '2025-01-06', end_date: '2025-02-09' };
  const bucket = (x: string, y: number, count: number) => ({ id: null, x, y, y2: null, count, annotations: [] });

  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
    const device = { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient };
    await addReadings(
      t.app,
      device,
      [
        // 6 January at 08:00 and at 20:00 in Chicago: the second is 7 January in UTC, still 6 January there.
        ['2025-01-06T14:00:00.000Z', 100],
        ['2025-01-07T02:00:00.000Z', 120],
        ['2025-01-08T18:00:00.000Z', 110],
        ['2025-01-13T18:00:00.000Z', 130],
        ['2025-01-20T18:00:00.000Z', 140],
        ['2025-02-03T18:00:00.000Z', 150],
      ].map(([x, value]) => ({ at: new Date(x as string), name: 'blood_glucose', value: value as number, unit: 'mg/dL' })),
    );
  });

  test('day: the mean and count of each day in the zone, at the start of the day', async () => {
    const chart = chartOf(await clinician.get(url('blood_glucose', patient), { ...RANGE, timescale: 'day' }));
    expect(chart.points).toEqual([
      bucket('2025-01-06T06:00:00.000Z', 110, 2),
      bucket('2025-01-08T06:00:00.000Z', 110, 1),
      bucket('2025-01-13T06:00:00.000Z', 130, 1),
      bucket('2025-01-20T06:00:00.000Z', 140, 1),
      bucket('2025-02-03T06:00:00.000Z', 150, 1),
    ]);
    expect(chart.details.data_points).toBe(5);
  });

  test('week: weeks start on Monday', async () => {
    const chart = chartOf(await clinician.get(url('blood_glucose', patient), { ...RANGE, timescale: 'week' }));
    expect(chart.points).toEqual([
      bucket('2025-01-06T06:00:00.000Z', 110, 3),
      bucket('2025-01-13T06:00:00.000Z', 130, 1),
      bucket('2025-01-20T06:00:00.000Z', 140, 1),
      bucket('2025-02-03T06:00:00.000Z', 150, 1),
    ]);
  });

  test('month: at the first of the month; desc and paging apply to the buckets', async () => {
    const chart = chartOf(await clinician.get(url('blood_glucose', patient), { ...RANGE, timescale: 'month' }));
    expect(chart.points).toEqual([bucket('2025-01-01T06:00:00.000Z', 120, 5), bucket('2025-02-01T06:00:00.000Z', 150, 1)]);
    expect(chart.details.data_points).toBe(2);
    const desc = chartOf(await clinician.get(url('blood_glucose', patient), { ...RANGE, timescale: 'month', order: 'desc', limit: '1' }));
    expect(desc.points).toEqual([bucket('2025-02-01T06:00:00.000Z', 150, 1)]);
    // The baseline stays the readings' own.
    expect(chart.trend_points).toHaveLength(6);
  });
});

describe('annotations in the chart', () => {
  /** 9 January's reading (index 10, 70 bpm). */
  const flagged = () => heartRates[10]!;
  const annotate = (body: Row) =>
    clinician.send('POST', `/api/patients/${patientId}/observation-annotations`, {
      observation_id: flagged().id,
      annotation_type: 'flag',
      annotation_reason: 'outlier',
      note: 'Taken right after a run',
      ...body,
    });
  const removeAnnotations = () => db().deleteFrom('observation_annotations').where('patient_id', '=', patientId).execute();

  test('a flag without a new value leaves the reading out of the points and out of the baseline', async () => {
    const added = await annotate({});
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    try {
      const chart = chartOf(await clinician.get(url('heart_rate'), WEEK));
      const kept = weekReadings().filter((r) => r.id !== flagged().id);
      expect(chart.points).toEqual(kept.map((r) => ({ id: r.id, x: r.x, y: r.y, y2: null, annotations: [] })));
      expect(chart.details.data_points).toBe(6);
      const counted = heartRates.filter((r) => r.id !== flagged().id);
      const expected = expectedBaseline(counted).filter((p) => kept.some((r) => r.x === p.x));
      expect(chart.trend_points).toEqual(expected.map((p) => ({ x: p.x, y: p.y, y2: null })));
      // 10 January: readings 5 to 11 without 10 (65 to 69, 71), no longer 68.
      expect(chart.trend_points.find((p) => p.x === heartRates[11]!.x)?.y).toBeCloseTo(406 / 6, 10);
    } finally {
      await removeAnnotations();
    }
  });

  test('the table view (disable_flagged_filter=true) lists every reading as recorded, the flagged one with its annotation', async () => {
    const added = (await annotate({})).body as Row;
    try {
      const table = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, order: 'desc', disable_flagged_filter: 'true' }));
      expect(table.points.map((p) => p.y)).toEqual([73, 72, 71, 70, 69, 68, 67]);
      expect(table.details.data_points).toBe(7);
      const point = table.points.find((p) => p.id === flagged().id);
      expect(point).toEqual({
        id: flagged().id,
        x: flagged().x,
        y: 70,
        y2: null,
        annotations: [
          {
            id: added.id,
            annotation_type: 'flag',
            annotation_reason: 'outlier',
            note: 'Taken right after a run',
            new_value: null,
            new_value2: null,
            author_id: clinicianId,
            author_name: expect.any(String) as unknown,
            created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) as unknown,
          },
        ],
      });
      // The flagged reading stays out of the baseline in the table view too.
      const chart = chartOf(await clinician.get(url('heart_rate'), WEEK));
      expect(table.trend_points).toEqual(chart.trend_points);
      // disable_flagged_filter=false is the chart's default.
      const filtered = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, disable_flagged_filter: 'false' }));
      expect(filtered.points).toHaveLength(6);
    } finally {
      await removeAnnotations();
    }
  });

  test('a flag with a new value charts the new value, in the points and in the baseline', async () => {
    expect((await annotate({ new_value: 100 })).status).toBe(201);
    try {
      const chart = chartOf(await clinician.get(url('heart_rate'), WEEK));
      expect(chart.points.map((p) => p.y)).toEqual([67, 68, 69, 100, 71, 72, 73]);
      expect(chart.points.find((p) => p.id === flagged().id)?.annotations).toEqual([expect.objectContaining({ annotation_type: 'flag', new_value: 100 })]);
      const corrected = heartRates.map((r) => (r.id === flagged().id ? { ...r, y: 100 } : r));
      expect(chart.trend_points.map((p) => p.y)).toEqual(
        expectedBaseline(corrected)
          .slice(7, 14)
          .map((p) => p.y),
      );
      // 9 January: readings 4 to 9 (64 to 69) and 100.
      expect(chart.trend_points[3]?.y).toBeCloseTo(499 / 7, 10);
      // The table view shows the reading as recorded, with the new value in its annotation; the baseline is the same.
      const table = chartOf(await clinician.get(url('heart_rate'), { ...WEEK, disable_flagged_filter: 'true' }));
      expect(table.points.find((p) => p.id === flagged().id)).toMatchObject({ y: 70, annotations: [{ new_value: 100 }] });
      expect(table.trend_points).toEqual(chart.trend_points);
    } finally {
      await removeAnnotations();
    }
  });

  test('a note changes nothing but the annotations of its reading', async () => {
    expect((await annotate({ annotation_type: 'note', annotation_reason: 'context_info', note: 'After a coffee' })).status).toBe(201);
    try {
      const chart = chartOf(await clinician.get(url('heart_rate'), WEEK));
      expect(chart.points.map((p) => p.y)).toEqual([67, 68, 69, 70, 71, 72, 73]);
      expect(chart.points[3]?.annotations).toEqual([
        expect.objectContaining({ annotation_type: 'note', annotation_reason: 'context_info', note: 'After a coffee' }),
      ]);
      expect(chart.trend_points.map((p) => p.y)).toEqual([64, 65, 66, 67, 68, 69, 70]);
    } finally {
      await removeAnnotations();
    }
  });
});

describe('who may read a chart', () => {
  test("every provider user with patients.queue reads their provider's charts; internal users read every provider's", async () => {
    for (const client of [clinician, admin, superadmin]) {
      const answer = await client.get(url('heart_rate'), WEEK);
      expect(answer.status).toBe(200);
      expect(chartOf(answer).points).toHaveLength(7);
    }
  });

  test("another provider's admin gets 404, exactly as for no patient, whatever the measure", async () => {
    for (const measure of ['heart_rate', 'cholesterol']) {
      const answer = await lakesideAdmin.get(url(measure), WEEK);
      expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      // The refused attempt is audited as denied; nothing is read.
      expect(await auditOf(t.app, answer)).toEqual([
        expect.objectContaining({ outcome: 'denied', resource: 'patients', patient_id: patientId, tenant_id: lakeside }),
      ]);
    }
    const lakesidePatient = await newPatient(t.app, lakeside);
    expect(await clinician.get(url('heart_rate', lakesidePatient))).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect((await lakesideAdmin.get(url('heart_rate', lakesidePatient))).status).toBe(200);
  });

  test('staff (no patients.queue) get 403; no token is 401', async () => {
    expect(await staff.get(url('heart_rate'), WEEK)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await anonymous(t.app, 'GET', url('heart_rate'))).toMatchObject({ status: 401 });
  });

  test('a chart read is audited for the patient, with the measure', async () => {
    const answer = await clinician.get(url('heart_rate'), WEEK);
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({
        action: 'read',
        resource: 'charts',
        record_id: 'heart_rate',
        patient_id: patientId,
        tenant_id: northwind,
        actor_id: clinicianId,
      }),
    ]);
  });
});
