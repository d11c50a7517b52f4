import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';

/**
 * A patient's readings as `GET /patients/{id}/charts/{measure}` answers them (the contract of issue
 * 14), with the annotation writes: flagged readings without a new value are left out unless
 * `disable_flagged_filter=true`; `order`, `skip` and `limit` page them; every request is kept.
 */

export interface Annotation {
  id: number;
  annotation_type: 'flag' | 'note';
  annotation_reason: string;
  note: string;
  new_value: number | null;
  new_value2: number | null;
  author_id: number;
  author_name: string;
  created_at: string;
}

export interface Reading {
  id: number;
  x: string;
  y: number;
  y2: number | null;
  annotations: Annotation[];
}

const HOUR = 3_600_000;

/** `count` blood-pressure readings every 12 hours back from an hour ago, newest first in ids from 1000. */
export function bloodPressureReadings(count: number, now = Date.now()): Reading[] {
  return Array.from({ length: count }, (_, index) => ({
    id: 1000 + index,
    x: new Date(now - HOUR - index * 12 * HOUR).toISOString(),
    y: 120 + (index % 7),
    y2: 80 + (index % 5),
    annotations: [],
  }));
}

export function chartApi(server: SetupServer, readings: Reading[], { unit = 'mmHg' } = {}) {
  const asked: URLSearchParams[] = [];
  const posted: Record<string, unknown>[] = [];
  const deleted: string[] = [];
  let refuse: { status: number; body: object } | null = null;
  let nextId = 1;
  server.use(
    http.get('*/api/patients/:id/charts/:measure', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (params.id !== '7') return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      const all = query.get('disable_flagged_filter') === 'true';
      const shown = readings.filter((r) => all || !r.annotations.some((a) => a.annotation_type === 'flag' && a.new_value === null));
      const ascending = [...shown].sort((a, b) => Date.parse(a.x) - Date.parse(b.x));
      const ordered = query.get('order') === 'desc' ? ascending.reverse() : ascending;
      const skip = Number(query.get('skip') ?? 0);
      const page = ordered.slice(skip, skip + Number(query.get('limit') ?? 5000));
      return HttpResponse.json({
        chart_name: params.measure,
        unit,
        points: page,
        trend_points: page.map((r) => ({ x: r.x, y: r.y - 1, y2: r.y2 === null ? null : r.y2 - 1 })),
        details: { data_range: { start: query.get('start_date'), end: query.get('end_date') }, data_points: shown.length },
      });
    }),
    http.post('*/api/patients/:id/observation-annotations', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      const reading = readings.find((r) => r.id === body.observation_id);
      if (!reading) return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      const annotation: Annotation = {
        id: nextId++,
        annotation_type: body.annotation_type as Annotation['annotation_type'],
        annotation_reason: String(body.annotation_reason),
        note: String(body.note),
        new_value: typeof body.new_value === 'number' ? body.new_value : null,
        new_value2: typeof body.new_value2 === 'number' ? body.new_value2 : null,
        author_id: 100,
        author_name: 'Test internal_admin',
        created_at: new Date().toISOString(),
      };
      reading.annotations.push(annotation);
      return HttpResponse.json(annotation, { status: 201 });
    }),
    http.delete('*/api/patients/:id/observation-annotations/:annotationId', ({ params }) => {
      deleted.push(String(params.annotationId));
      for (const reading of readings) reading.annotations = reading.annotations.filter((a) => String(a.id) !== params.annotationId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    asked,
    last: () => Object.fromEntries(asked.at(-1) ?? []),
    all: () => asked.map((query) => Object.fromEntries(query)),
    posted,
    deleted,
    refuseWith(status: number, body: object) {
      refuse = { status, body };
    },
  };
}
