import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError } from '../../api/httpError';
import { useDataProvider } from '../../api/DataProviderContext';
import type { ApiRecord } from '../../api/dataProvider';
import { resourceQueries } from '../../api/queryOptions';
import { recordingPath, type CallRow } from './voiceCallFormat';

const voiceCallQueries = resourceQueries('voice-calls');

/**
 * The call as GET voice-calls/{id} answers it now (spec 000 section 7), the list's row meanwhile: a
 * call listed while it went on gets its recording and transcript after it ended.
 */
export function useVoiceCall(row: CallRow) {
  const query = useQuery({
    ...voiceCallQueries.one(useDataProvider(), String(row.id)),
    placeholderData: row as ApiRecord,
  });
  return { call: query.data as CallRow, refreshError: query.isError ? query.error : undefined };
}

export type RecordingState =
  | { status: 'loading' }
  /** The server has none (404 'This call has no recording'). */
  | { status: 'missing' }
  | { status: 'failed'; error: Error; retry: () => void }
  | { status: 'ready'; url: string };

/**
 * A call's recording, playable: GET voice-calls/{id}/recording through the console's authenticated
 * client (an <audio> element cannot send the session's bearer token), the bytes kept as a Blob and
 * given to the player as an object URL, revoked when the player goes (the dialog closes). Read
 * once per opening: not a query of the cache, which a write elsewhere would refetch mid-playback.
 * The player is keyed by the address, so another recording starts from 'loading'.
 */
export function useRecording(recordingUrl: string): RecordingState {
  const dataProvider = useDataProvider();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RecordingState>({ status: 'loading' });
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  useEffect(() => {
    let current = true;
    let url: string | undefined;
    dataProvider.download(recordingPath(recordingUrl)).then(
      ({ blob }) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof HttpError && error.status === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)), retry });
      },
    );
    return () => {
      current = false;
      if (url !== undefined) URL.revokeObjectURL(url);
    };
  }, [dataProvider, recordingUrl, attempt]);
  return state;
}
