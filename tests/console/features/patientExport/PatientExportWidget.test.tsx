// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientExportFeature } from '../../../../src/console/features/patientExport';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const PatientExport = patientExportFeature.widgets.patient_export.Component;

/** Registered in April 2026 (the account) and May 2026 (the patient row); today is 16 June 2026 in New York. */
const RECORD: ApiRow = { id: 7, created_at: '2026-05-03T15:00:00Z', user: { registered_on: '2026-04-20T15:00:00Z' } };
const render = (record: ApiRow = RECORD) => renderPart(<PatientExport options={{}} />, { record, path: '/patients/7/show/clinical' });

let createObjectURL = vi.fn(() => 'blob:export');
let saved: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-16T16:00:00Z'));
  createObjectURL = vi.fn(() => 'blob:export');
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Export patient data', () => {
  it('offers the months from the registration month to the current one, newest first, the current chosen', () => {
    render();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' });
    expect(Array.from(select.options, (o) => [o.value, o.textContent])).toEqual([
      ['2026-06-01', 'June 2026'],
      ['2026-05-01', 'May 2026'],
      ['2026-04-01', 'April 2026'],
    ]);
    expect(select).toHaveValue('2026-06-01');
  });

  it('downloads the chosen month under the server’s name and says so', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const asked: string[] = [];
    server.use(
      http.get('/api/patients/7/export', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse(new Uint8Array([37, 80, 68, 70, 45]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="patient-7-2026-05.pdf"' },
        });
      }),
    );
    render();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'May 2026');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText('Export successful');
    expect(asked).toEqual(['?start_date=2026-05-01']);
    expect(createObjectURL).toHaveBeenCalled();
    expect(saved).toEqual(['patient-7-2026-05.pdf']);
  });

  it("says 'Error exporting patient data' when the export fails, and saves nothing", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    server.use(
      http.get('/api/patients/7/export', () =>
        HttpResponse.json({ detail: [{ loc: ['query', 'start_date'], msg: 'The month is after the current month', type: 'value_error' }] }, { status: 422 }),
      ),
    );
    render();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText('Error exporting patient data');
    expect(saved).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  });

  it('offers the current month alone when the record says nothing of a registration', () => {
    render({ id: 7 });
    expect(Array.from(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' }).options, (o) => o.value)).toEqual(['2026-06-01']);
  });
});
