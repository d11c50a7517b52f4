// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifyManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const cellRegistry = screenRegistries.cells;
/** The clock before any test fakes it: the query library's notifications may run on it. */
const realSetTimeout = globalThis.setTimeout;

function renderCell(
  name: keyof typeof cellRegistry,
  value: unknown,
  { record = {}, options = {}, field }: { record?: ApiRow; options?: Record<string, unknown>; field?: string } = {},
) {
  const { Component } = cellRegistry[name];
  return renderPart(
    <span data-testid="cell">
      <Component value={value} record={record} options={options} {...(field ? { field } : {})} />
    </span>,
  );
}
const cellText = () => screen.getByTestId('cell').textContent;

// The query library batches its notices on setTimeout; the fake clock is for the cell's own timers only.
beforeAll(() => notifyManager.setScheduler((callback) => realSetTimeout(callback, 0)));
afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));
afterEach(() => vi.useRealTimers());

describe('observations', () => {
  it('shows the latest observations in the queue order, rounded as spec 001 section 9 says', () => {
    renderCell('observations', [
      { name: 'bmi', value: 27.46, unit: 'kg/m2' },
      { name: 'heart_rate', value: 72.5, unit: 'bpm' },
      { name: 'blood_pressure', value: null, systolic: 128.4, diastolic: 83.6, unit: 'mmHg' },
      { name: 'body_temperature', value: 98.64, unit: '°F' },
      { name: 'oxygen_saturation', value: 96.5, unit: '%' },
      { name: 'forced_expiratory_volume_1', value: 2.25, unit: 'L' },
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'HR 73 bpm',
      'BP 128/84 mmHg',
      'SpO2 97 %',
      'FEV1 2.3 L',
      'Temp 98.6 °F',
      'BMI 27.5 kg/m²',
    ]);
  });

  it('marks a reading out of range in red with an arrow, and says so in words (screen readers, tooltip)', () => {
    renderCell('observations', [
      { name: 'heart_rate', value: 72, unit: 'bpm' },
      { name: 'blood_pressure', value: null, systolic: 162, diastolic: 84, unit: 'mmHg', out_of_range: { range: 'high', limit: 150 } },
      { name: 'oxygen_saturation', value: 89, unit: '%', out_of_range: { range: 'low', limit: 92 } },
    ]);
    const [heartRate, pressure, oxygen] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(heartRate).toHaveTextContent(/^HR 72 bpm$/);
    expect(heartRate).not.toHaveAttribute('title');
    expect(pressure).toHaveTextContent('BP 162/84 mmHg ↑ (out of range: above 150)');
    expect(pressure).toHaveAttribute('title', 'Out of range: above 150');
    expect(pressure.className).toMatch(/red/);
    expect(oxygen).toHaveTextContent('SpO2 89 % ↓ (out of range: below 92)');
    // The arrow is for the eye; a screen reader hears the words.
    expect(oxygen.querySelector('[aria-hidden="true"]')).toHaveTextContent('↓');
    expect(oxygen.querySelector('.sr-only')).toHaveTextContent('(out of range: below 92)');
  });

  it('a dash without observations', () => {
    renderCell('observations', undefined);
    expect(cellText()).toBe('—');
  });
});

describe('badge with an empty label', () => {
  it("shows 'N/A' for a patient without priority, the label otherwise", () => {
    renderCell('badge', null, { options: { empty: 'N/A' } });
    expect(cellText()).toBe('N/A');
  });
});

describe('inline_edit', () => {
  const patient = { id: 7, onboarding_imei: '8691' };
  const patches: unknown[] = [];
  const answer = (status: number, body: Record<string, unknown>) =>
    server.use(
      http.patch('/api/patients/7', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(body, { status });
      }),
    );

  const type = (text: string) => fireEvent.change(screen.getByLabelText('Onboarding IMEI'), { target: { value: text } });
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  /** Lets the request and React settle without moving the fake clock much (Testing Library's waits would hang on it). */
  async function settle(check: () => void) {
    for (let i = 0; ; i++) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
      await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)));
      try {
        return check();
      } catch (error) {
        if (i > 200) throw error;
      }
    }
  }
  const renderImei = () =>
    renderCell('inline_edit', patient.onboarding_imei, {
      record: patient,
      field: 'onboarding_imei',
      options: { resource: 'patients', label: 'Onboarding IMEI' },
    });

  it('saves with PATCH after 1 second without typing, then highlights the field for 2 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    patches.length = 0;
    answer(200, { ...patient, onboarding_imei: '869100000012345' });
    renderImei();
    type('86910');
    await advance(900);
    type('869100000012345');
    await advance(999);
    expect(patches).toEqual([]);
    await advance(1);
    const input = screen.getByLabelText('Onboarding IMEI');
    await settle(() => expect(input).toHaveAttribute('data-state', 'saved'));
    expect(patches).toEqual([{ onboarding_imei: '869100000012345' }]);
    await advance(1999);
    expect(input).toHaveAttribute('data-state', 'saved');
    await advance(1);
    expect(input).toHaveAttribute('data-state', 'idle');
    expect(patches).toHaveLength(1);
  });

  it("an emptied field is sent as null; a failure shows the server's message, else 'Failed to update value', under the field", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    patches.length = 0;
    answer(422, { detail: [{ loc: ['body', 'onboarding_imei'], msg: 'String should have at most 32 characters', type: 'string_too_long' }] });
    renderImei();
    type('');
    await advance(1000);
    // The data provider words a 422 naming a field as spec 000 section 7 says.
    await settle(() => expect(screen.getByRole('alert')).toHaveTextContent('Form is missing information: body.onboarding_imei'));
    expect(patches).toEqual([{ onboarding_imei: null }]);
    expect(screen.getByLabelText('Onboarding IMEI')).toHaveAttribute('aria-invalid', 'true');

    server.use(http.patch('/api/patients/7', () => HttpResponse.json({}, { status: 500 })));
    type('1');
    await advance(1000);
    await settle(() => expect(screen.getByRole('alert')).toHaveTextContent('Internal server error'));
  });

  it('a request that never reaches the server says so under the field', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.use(http.patch('/api/patients/7', () => HttpResponse.error()));
    renderImei();
    type('2');
    await advance(1000);
    await settle(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    // The browser's own words: 'Failed to update value' stands in only for a failure that has none.
    expect(screen.getByRole('alert').textContent).toMatch(/fetch|network/i);
  });

  it('typing and clicking in the field do not open the row', () => {
    const opened = vi.fn();
    renderPart(
      <table>
        <tbody>
          <tr onClick={opened}>
            <td>
              {(() => {
                const { Component } = cellRegistry.inline_edit;
                return <Component value="x" record={patient} field="onboarding_notes" options={{ resource: 'patients' }} />;
              })()}
            </td>
          </tr>
        </tbody>
      </table>,
    );
    fireEvent.click(screen.getByLabelText('Onboarding Notes'));
    expect(opened).not.toHaveBeenCalled();
  });
});
