import { useEffect } from 'react';
import { fetcher } from '../api/client';
import type { Identity } from './sessionQueries';

/** The settings key that holds the user's time zone, in which the console shows times. */
const TIME_ZONE_KEY = 'user_timezone';

/** Spec 000 section 7: PUT users/settings with the user's time zone, only when it changed. */
export function useTimeZoneSync(identity: Identity): void {
  const stored = identity.settings?.[TIME_ZONE_KEY];
  useEffect(() => {
    const current = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!current || stored === current) return;
    fetcher('/users/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ [TIME_ZONE_KEY]: current }),
    }).catch((error: unknown) => console.warn('Could not save the time zone', error));
  }, [stored]);
}
