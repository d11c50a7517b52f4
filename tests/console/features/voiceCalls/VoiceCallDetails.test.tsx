// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../src/console/api/session';
import { screenRegistries } from '../../../../src/console/features';
import { voiceCallsFeature } from '../../../../src/console/features/voiceCalls';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { ScreenEnvironmentProvider } from '../../../../src/console/renderer/ScreenEnvironmentProvider';
import { RECORDING_POLL_MS } from '../../../../src/domain/voiceCalls';
import '../../helpers/dom';
import { INTERNAL_ADMIN } from '../../helpers/environments';
import { voiceCalls } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';

const server = useMswServer();
const DetailsCell = voiceCallsFeature.cells.voice_call_details.Component;

/** A signed-in session: the cell reads through the shell's own authenticated client (api/client.ts), no test fetcher. */
const base64Url = (json: object) => btoa(JSON.stringify(json)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const TOKEN = `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: '100', role: 'internal_admin' })}.signature`;
beforeAll(async () => {
  session.signIn({ access_token: TOKEN, token_expiry: 3600 });
  // The cell's code loads on demand (defineLazyCell); drawn here with it at hand, as a list that preloaded it.
  await voiceCallsFeature.cells.voice_call_details.preload?.();
});

const callAt = (index: number): ApiRow => {
  const call = voiceCalls[index];
  if (!call) throw new Error(`no fixture call ${index}`);
  return call;
};
/** The recorded outbound call, the inbound one without a recording, the simulated test call. */
const [RECORDED, INBOUND, SIMULATED] = [callAt(0), callAt(1), callAt(2)];
/** A few bytes of WAV: the player gets them as a Blob, never the address. */
const WAV = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69]);

interface Asked {
  path: string;
  authorization: string | null;
}
let asked: Asked[] = [];

/** GET voice-calls/{id} answers the call (or `fresh` instead); its recording the WAV unless `recording` says otherwise. */
function serve(call: ApiRow, { fresh = call, recording }: { fresh?: ApiRow; recording?: () => Response } = {}) {
  const note = (request: Request) => asked.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
  server.use(
    http.get(`*/api/voice-calls/${String(call.id)}`, ({ request }) => {
      note(request);
      return HttpResponse.json(fresh);
    }),
    http.get(`*/api/voice-calls/${String(call.id)}/recording`, ({ request }) => {
      note(request);
      return recording ? recording() : new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav', 'cache-control': 'no-store' } });
    }),
  );
}

function renderCell(call: ApiRow, label = 'View call') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ScreenEnvironmentProvider value={INTERNAL_ADMIN} registries={screenRegistries}>
        <DetailsCell value={call.id} record={call} options={{ label }} />
      </ScreenEnvironmentProvider>
    </QueryClientProvider>,
  );
}

/** The dialog's terms and their values, in order. */
const fields = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]);

/** Moves the faked interval clock (only setInterval is faked: msw and user-event keep real timeouts). */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

let createObjectURL = vi.fn<(blob: Blob) => string>();
let revokeObjectURL = vi.fn<(url: string) => void>();
beforeEach(() => {
  asked = [];
  createObjectURL = vi.fn(() => 'blob:recording-1');
  revokeObjectURL = vi.fn();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the voice call details dialog', () => {
  it('opens from a button naming the call, and says the call in words, read again from GET voice-calls/{id}', async () => {
    const user = userEvent.setup();
    serve(INBOUND);
    renderCell(INBOUND, 'View details');
    await user.click(screen.getByRole('button', { name: 'View details: Ada Byron, 05/28/2026, 12:30 PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    await within(dialog).findByText('Recording');
    expect(fields(dialog)).toEqual([
      ['Time (local)', '05/28/2026, 12:30 PM'],
      ['Direction', 'Inbound'],
      ['Status', 'Completed'],
      ['Duration (mm:ss)', '01:05'],
      ['Caller Name', 'Ada Byron'],
      ['Caller Phone Number', '(555) 123-4567'],
      ['Recipient Name', 'Nora Admin'],
      ['Recipient Phone Number', '(415) 555-0100'],
      ['Hangup Source', 'Callee'],
    ]);
    // No recording and no transcript: said so, and the recording is not asked for.
    expect(within(dialog).getByText('No recording')).toBeVisible();
    expect(within(dialog).getByText('No transcript')).toBeVisible();
    await waitFor(() => expect(asked).toEqual([{ path: '/api/voice-calls/2', authorization: `Bearer ${TOKEN}` }]));
  });

  it("plays the recording fetched with the session's bearer token from a Blob, polls its progress every 0.5 s while it plays, and revokes it on close", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    serve(RECORDED);
    renderCell(RECORDED);
    await user.click(screen.getByRole('button', { name: 'View call: Ada Byron, 05/30/2026, 10:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    const audio = await within(dialog).findByLabelText<HTMLAudioElement>('Call recording');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('src', 'blob:recording-1');
    expect(asked).toEqual([
      { path: '/api/voice-calls/1', authorization: `Bearer ${TOKEN}` },
      { path: '/api/voice-calls/1/recording', authorization: `Bearer ${TOKEN}` },
    ]);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('audio/wav');
    expect(blob?.size).toBe(WAV.byteLength);

    // jsdom plays nothing: the test moves the element's clock and sends its events.
    let position = 0;
    let length = Number.NaN;
    Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => position });
    Object.defineProperty(audio, 'duration', { configurable: true, get: () => length });
    const readOut = within(dialog).getByRole('timer', { name: 'Playback position' });
    expect(readOut).toHaveTextContent('0:00 / -:--');
    length = 6.2;
    fireEvent(audio, new Event('loadedmetadata'));
    expect(readOut).toHaveTextContent('0:00 / 0:06');

    fireEvent.play(audio);
    position = 2.5;
    advance(RECORDING_POLL_MS - 1);
    expect(readOut).toHaveTextContent('0:00 / 0:06');
    advance(1);
    expect(readOut).toHaveTextContent('0:02 / 0:06');
    position = 3.1;
    advance(RECORDING_POLL_MS);
    expect(readOut).toHaveTextContent('0:03 / 0:06');

    // Paused: read once, then no more polling.
    position = 4;
    fireEvent.pause(audio);
    expect(readOut).toHaveTextContent('0:04 / 0:06');
    position = 5;
    advance(5 * RECORDING_POLL_MS);
    expect(readOut).toHaveTextContent('0:04 / 0:06');

    expect(revokeObjectURL).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:recording-1');
  });

  it('shows the transcript as its lines, each with its speaker', async () => {
    const user = userEvent.setup();
    serve(RECORDED);
    renderCell(RECORDED);
    await user.click(screen.getByRole('button', { name: /^View call/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    const transcript = await within(dialog).findByRole('list', { name: 'Transcript' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Clinician (Test internal_admin): Hi Ada, this is your care team.', 'Patient: Hi, yes, I have been measuring every morning.']);
  });

  it("says 'Simulated call: no transcript' for a call of the built-in carrier", async () => {
    const user = userEvent.setup();
    serve(SIMULATED);
    renderCell(SIMULATED);
    // A test call to a number without a name is named by the number.
    await user.click(screen.getByRole('button', { name: 'View call: +447700900123, 05/31/2026, 05:15 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    expect(await within(dialog).findByText('Simulated call: no transcript')).toBeVisible();
    expect(within(dialog).getByText('No recording')).toBeVisible();
    expect(fields(dialog)).toContainEqual(['Status', 'No Answer']);
  });

  it('takes the recording and transcript the call has now, when the list showed it before they arrived', async () => {
    const user = userEvent.setup();
    serve(INBOUND, { fresh: { ...INBOUND, recording_url: '/api/voice-calls/2/recording', transcript: 'Patient: My cuff does not pair.' } });
    renderCell(INBOUND);
    await user.click(screen.getByRole('button', { name: /^View call/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    expect(await within(dialog).findByLabelText('Call recording')).toHaveAttribute('src', 'blob:recording-1');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Patient: My cuff does not pair.');
    expect(asked.map((a) => a.path)).toEqual(['/api/voice-calls/2', '/api/voice-calls/2/recording']);
  });

  it("says 'No recording' when the server has none after all (404)", async () => {
    const user = userEvent.setup();
    serve(RECORDED, { recording: () => HttpResponse.json({ detail: 'This call has no recording' }, { status: 404 }) });
    renderCell(RECORDED);
    await user.click(screen.getByRole('button', { name: /^View call/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    expect(await within(dialog).findByText('No recording')).toBeVisible();
    expect(within(dialog).queryByLabelText('Call recording')).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('says why a recording failed to load, and loads it on Retry', async () => {
    const user = userEvent.setup();
    let failures = 1;
    serve(RECORDED, {
      recording: () =>
        failures-- > 0
          ? HttpResponse.json({ detail: 'The recording could not be fetched from the carrier' }, { status: 502 })
          : new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } }),
    });
    renderCell(RECORDED);
    await user.click(screen.getByRole('button', { name: /^View call/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice Call Details' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The recording could not be loaded: The recording could not be fetched from the carrier',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByLabelText('Call recording')).toHaveAttribute('src', 'blob:recording-1');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
