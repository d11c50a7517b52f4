// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { availabilityFeature } from '../../../../src/console/features/availability';
import { browserTimeZone, instantOf, todayIn, weekStartOf } from '../../../../src/console/features/availability/calendar';
import { addDays } from '../../../../src/domain/zonedDays';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Calendar = availabilityFeature.widgets.availability_calendar.Component;
const zone = browserTimeZone();
/** Next week's Wednesday: every cell of it is in the future. */
const nextWeek = addDays(weekStartOf(todayIn(zone)), 7);
const wednesday = addDays(nextWeek, 3);

const occurrence = {
  id: 41,
  availability_date: wednesday,
  range_start: instantOf(wednesday, '09:00', zone).toISOString(),
  range_end: instantOf(wednesday, '12:00', zone).toISOString(),
  is_repeating: true,
  repeat_interval: 'weekly',
  repeat_until: addDays(wednesday, 28),
  timezone_abbr: zone,
  user_id: 7,
  appointment_location_id: 10,
  user: { id: 7, full_name: 'Clara Nurse' },
  location: { id: 10, name: 'Main Office' },
};

/** The calendar's calls as the server answers them; what was asked and sent is in the lists. */
function api(failWrites = false) {
  const listed: URLSearchParams[] = [];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const write = async (request: Request) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return failWrites ? HttpResponse.json({ detail: 'Slot is taken' }, { status: 409 }) : HttpResponse.json({ id: 50 }, { status: 201 });
  };
  server.use(
    http.get('/api/availability', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query);
      return HttpResponse.json(query.get('start_date') === nextWeek ? [occurrence] : []);
    }),
    http.get('/api/users', () => HttpResponse.json([{ id: 7, full_name: 'Clara Nurse' }], { headers: { 'Content-Range': 'users 0-0/1' } })),
    http.get('/api/locations', () => HttpResponse.json([{ id: 10, name: 'Main Office' }], { headers: { 'Content-Range': 'locations 0-0/1' } })),
    http.get('/api/users/7/locations', () => HttpResponse.json([{ id: 2, location_id: 10, name: 'Main Office' }])),
    http.post('/api/availability', ({ request }) => write(request)),
    http.put('/api/availability/41', ({ request }) => write(request)),
    http.post('/api/availability/41/delete', ({ request }) => write(request)),
  );
  return { listed, sent };
}

const renderCalendar = (mode: 'all' | 'own', role: 'internal_admin' | 'internal_clinician' = 'internal_admin') =>
  renderPart(<Calendar options={{ mode }} />, { environment: environmentFor(role) });

describe('the availability calendar (/availability)', () => {
  it('moves by week, draws slots with user and location, and adds one at 7:00am-5:30pm by default', async () => {
    const user = userEvent.setup();
    const { listed, sent } = api();
    renderCalendar('all');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const slot = await screen.findByRole('button', { name: /^Availability of Clara Nurse, Main Office, 9:00am/ });
    expect(slot).toHaveTextContent('Clara NurseMain Office');
    const last = listed.at(-1);
    expect([last?.get('start_date'), last?.get('end_date'), last?.get('timezone'), last?.get('perPage')]).toEqual([
      nextWeek,
      addDays(nextWeek, 6),
      zone,
      '100',
    ]);

    // 05:00 to 22:00 in 30-minute rows: 34 cells a day.
    expect(screen.getAllByRole('button', { name: new RegExp(`^Add availability on .* at `) })).toHaveLength(34 * 7);
    await user.click(screen.getByRole('button', { name: /^Add availability on Wed .* at 7:00am$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
    expect(within(dialog).getByRole('combobox', { name: 'Start time' })).toHaveDisplayValue('7:00am');
    expect(within(dialog).getByRole('combobox', { name: 'End time' })).toHaveDisplayValue('5:30pm');
    await within(dialog).findByRole('option', { name: 'Clara Nurse' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'User' }), 'Clara Nurse');
    await within(dialog).findByRole('option', { name: 'Main Office' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Location' }), 'Main Office');
    await user.click(within(dialog).getByRole('switch', { name: 'Repeat' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Repeats' }), 'Every two weeks');
    await user.type(within(dialog).getByLabelText('Repeat until'), addDays(wednesday, 14));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Availability added')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/availability',
        body: {
          is_repeating: true,
          repeat_interval: 'biweekly',
          repeat_until: addDays(wednesday, 14),
          range_start: instantOf(wednesday, '07:00', zone).toISOString(),
          range_end: instantOf(wednesday, '17:30', zone).toISOString(),
          availability_date: wednesday,
          timezone_abbr: zone,
          user_id: 7,
          appointment_location_id: 10,
        },
      },
    ]);
  });

  it('edits and deletes a repeating slot in the scope chosen', async () => {
    const user = userEvent.setup();
    const { sent } = api();
    renderCalendar('all');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(await screen.findByRole('button', { name: /^Availability of Clara Nurse/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Availability' });
    expect(within(dialog).getByRole('radio', { name: 'This event' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'This and following events' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'End time' }), '1:00pm');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Availability updated')).toBeVisible();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/availability/41',
      body: { recurring_edit_mode: 'this_and_following', availability_date: wednesday, range_end: instantOf(wednesday, '13:00', zone).toISOString() },
    });

    await user.click(await screen.findByRole('button', { name: /^Availability of Clara Nurse/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Availability' });
    await user.click(within(dialog).getByRole('radio', { name: 'All events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Availability deleted')).toBeVisible();
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/availability/41/delete', body: { delete_mode: 'all', availability_date: wednesday } });
  });

  it("says 'Error updating availability: {message}' and 'Error deleting availability: {message}'", async () => {
    const user = userEvent.setup();
    api(true);
    renderCalendar('all');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(await screen.findByRole('button', { name: /^Availability of Clara Nurse/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating availability: Slot is taken')).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting availability: Slot is taken')).toBeVisible();
  });

  it('refuses a slot in the past with the spec’s words, without a call', async () => {
    const user = userEvent.setup();
    const { sent } = api();
    renderCalendar('all');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: /^Add availability on Wed .* at 7:00am$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
    await within(dialog).findByRole('option', { name: 'Clara Nurse' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'User' }), 'Clara Nurse');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2020-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot add availability slots in the past. Please select a future time slot.');
    expect(sent).toEqual([]);
  });
});

describe('My Availability (/account/availability)', () => {
  it('asks only for its own slots and adds whole days', async () => {
    const user = userEvent.setup();
    const { listed, sent } = api();
    renderCalendar('own', 'internal_clinician');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('button', { name: /^Availability of Clara Nurse/ });
    expect(listed.at(-1)?.get('user_ids')).toBe('100');
    expect(screen.queryByRole('combobox', { name: 'User' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: /^Add availability on Wed / })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
    expect(within(dialog).queryByRole('combobox', { name: 'Start time' })).toBeNull();
    expect(within(dialog).getByText('The whole day')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Availability added')).toBeVisible();
    expect(sent[0]?.body).toMatchObject({
      user_id: 100,
      availability_date: wednesday,
      range_start: instantOf(wednesday, '00:00', zone).toISOString(),
      range_end: instantOf(addDays(wednesday, 1), '00:00', zone).toISOString(),
      appointment_location_id: null,
      is_repeating: false,
    });
  });
});
