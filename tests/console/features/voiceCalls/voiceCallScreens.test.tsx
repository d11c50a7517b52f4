// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { readScreenManifest } from '../../../../scripts/vite/screenManifest';
import { VOICE_TEXTS } from '../../../../src/domain/voiceCalls';
import '../../helpers/dom';
import { environmentFor, INTERNAL_ADMIN } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function api(calls?: Record<string, unknown>[]) {
  const records = fixtureRecords();
  if (calls) records['voice-calls'] = calls;
  const fixture = fixtureApi(records);
  server.use(...fixture.handlers);
  const lists = () => fixture.requests.filter((r) => r.path === '/api/voice-calls');
  return { fixture, lists, filter: () => JSON.parse(lists().at(-1)?.query.get('filter') ?? '{}') as unknown };
}

/** The column headers, without a sortable column's sort mark. */
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent.replace(/[▲▼↕]$/, ''));
const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('/voice-calls (spec 000 section 2.7)', () => {
  it('lists the calls 10 a page by call_time, newest first, with the spec’s columns and a View call per row', async () => {
    const { lists } = api();
    renderScreen('voice-calls.list', { path: '/voice-calls' });
    await screen.findAllByRole('button', { name: /^View call:/ });
    const query = lists().at(-1)?.query;
    expect([query?.get('sort'), query?.get('order'), query?.get('limit')]).toEqual(['call_time', 'desc', '10']);
    expect(headers()).toEqual([
      'Time (local)',
      'Recipient Phone Number',
      'Recipient Name',
      'Caller Phone Number',
      'Caller Name',
      'Direction',
      'Status',
      'Duration (mm:ss)',
      'Actions',
    ]);
    expect(rowTexts()).toEqual(['05/31/2026, 05:15 AM', '05/30/2026, 10:00 AM', '05/28/2026, 12:30 PM']);
    expect(screen.getByRole('button', { name: 'View call: Ada Byron, 05/30/2026, 10:00 AM' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^View call:/ })).toHaveLength(3);
  });

  it('searches a phone number in US format, and filters by direction (direction[in])', async () => {
    const user = userEvent.setup();
    const { filter } = api();
    renderScreen('voice-calls.list', { path: '/voice-calls' });
    await screen.findAllByRole('button', { name: /^View call:/ });
    await user.click(screen.getByRole('button', { name: /Search by/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Caller Name', 'Recipient Name', 'Caller Phone', 'Recipient Phone']);
    await user.click(screen.getByRole('option', { name: 'Recipient Phone' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '(555) 123-4567');
    await waitFor(() => expect(filter()).toEqual({ q: { field: 'recipient_phone_number', value: '+15551234567' } }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Direction' }));
    await user.click(screen.getByRole('option', { name: 'Inbound' }));
    await waitFor(() => expect(filter()).toEqual({ 'direction[in]': ['inbound'] }));
    await waitFor(() => expect(rowTexts()).toEqual(['05/28/2026, 12:30 PM']));
  });

  it(`says '${VOICE_TEXTS.empty}' when there is no call`, async () => {
    api([]);
    renderScreen('voice-calls.list', { path: '/voice-calls' });
    expect(await screen.findByText(VOICE_TEXTS.empty)).toBeVisible();
  });
});

describe('/account/voice-calls (spec 002 section 2)', () => {
  it('lists the signed-in user’s own calls (caller_id), with the spec’s columns and View details', async () => {
    const { filter, lists } = api();
    renderScreen('account.voice-calls.list', { path: '/account/voice-calls' });
    await screen.findAllByRole('button', { name: /^View details:/ });
    expect(filter()).toEqual({ 'caller_id[eq]': INTERNAL_ADMIN.identity.id });
    expect(lists().at(-1)?.query.get('sort')).toBe('start_time');
    expect(headers()).toEqual(['Recipient Number', 'Caller Number', 'Start Time', 'Status', 'Duration (mm:ss)', 'Hangup Source', 'Details']);
    expect(rowTexts()).toEqual(['+447700900123', '(555) 123-4567']);
  });

  it('sends a user without voice_calls.list to /, asking nothing', async () => {
    const { lists } = api();
    const { location } = renderScreen('account.voice-calls.list', {
      path: '/account/voice-calls',
      environment: environmentFor('internal_admin', { permissions: {} }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(lists()).toEqual([]);
  });

  it('is the screen the console routes /account/voice-calls to (the screens are matched in file order), not the account page', () => {
    const manifest = readScreenManifest(join(import.meta.dirname, '../../../../screens'));
    const { parser } = renderHook(() => useRouter()).result.current;
    const routed = (path: string) => manifest.find(({ pattern }) => matchRoute(parser, pattern, path)[0])?.id;
    expect(routed('/account/voice-calls')).toBe('account.voice-calls.list');
    expect(routed('/account')).toBe('account.show');
    expect(routed('/voice-calls')).toBe('voice-calls.list');
  });
});

describe('the patient record’s Calls tab (spec 001 sections 2 and 7)', () => {
  it('lists the patient’s calls by start_time, newest first, 10 a page, each with its status and View call', async () => {
    const user = userEvent.setup();
    const { filter, lists } = api();
    renderScreen('patients.show', { path: '/patients/30/show', environment: { ...INTERNAL_ADMIN, featureFlags: { voice_calls: true } } });
    const panel = await screen.findByRole('complementary', { name: 'Patient panel' });
    await user.click(await within(panel).findByRole('tab', { name: 'Calls' }));
    await within(panel).findAllByRole('button', { name: /^View call:/ });
    expect(filter()).toEqual({ 'patient_id[eq]': 30 });
    const query = lists().at(-1)?.query;
    expect([query?.get('sort'), query?.get('order'), query?.get('limit')]).toEqual(['start_time', 'desc', '10']);
    expect(
      within(panel)
        .getAllByRole('button', { name: /^View call:/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['View call: Ada Byron, 05/30/2026, 10:00 AM', 'View call: Ada Byron, 05/28/2026, 12:30 PM']);
    expect(within(panel).getAllByText('Completed')).toHaveLength(2);
  });

  it(`keeps its own empty text, '${VOICE_TEXTS.patientEmpty}'`, async () => {
    const user = userEvent.setup();
    api([]);
    renderScreen('patients.show', { path: '/patients/30/show', environment: { ...INTERNAL_ADMIN, featureFlags: { voice_calls: true } } });
    const panel = await screen.findByRole('complementary', { name: 'Patient panel' });
    await user.click(await within(panel).findByRole('tab', { name: 'Calls' }));
    expect(await within(panel).findByText(VOICE_TEXTS.patientEmpty)).toBeVisible();
  });
});

describe('the voice call screens’ texts', () => {
  it('are the domain’s, word for word', () => {
    const read = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens', name), 'utf8')) as { empty: { list: string } };
    expect(read('voice-calls.list.json').empty).toEqual({ list: VOICE_TEXTS.empty, filtered: VOICE_TEXTS.empty });
    expect(read('account.voice-calls.list.json').empty.list).toBe(VOICE_TEXTS.empty);
  });
});
