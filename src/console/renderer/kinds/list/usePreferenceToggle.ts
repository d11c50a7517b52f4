import { atom, useAtom, type PrimitiveAtom } from 'jotai';
import { useCallback } from 'react';
import type { ListBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { useScreenEnvironment } from '../../environmentContext';
import { useNotify } from '../../skin/toasts';

type Toggle = NonNullable<ListBody['toggle']>;

/** What the user chose in this session, by preference key: it wins over the settings loaded at sign-in. */
const chosen = new Map<string, PrimitiveAtom<boolean | undefined>>();
const chosenAtom = (key: string) => {
  let found = chosen.get(key);
  if (!found) chosen.set(key, (found = atom<boolean | undefined>(undefined)));
  return found;
};

/**
 * A list's preference-backed switch ("Showing Patients in my Care"): its value is the user's saved
 * preference (identity settings), else the definition's default; a change applies at once and is
 * saved with PUT users/settings, so that it holds at the next sign-in. Without a toggle: off, no-op.
 */
export function usePreferenceToggle(toggle: Toggle | undefined): [boolean, (on: boolean) => void] {
  const { identity } = useScreenEnvironment();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const key = toggle?.preference ?? '';
  const [session, setSession] = useAtom(chosenAtom(key));
  const saved = identity.settings?.[key];
  const on = toggle === undefined ? false : (session ?? (typeof saved === 'boolean' ? saved : (toggle.default ?? false)));
  const set = useCallback(
    (next: boolean) => {
      if (!toggle) return;
      setSession(next);
      dataProvider
        .request('/users/settings', { method: 'PUT', body: JSON.stringify({ [toggle.preference]: next }) })
        .catch((error: unknown) => notify(`Error: ${error instanceof Error ? error.message : String(error)}`, 'error'));
    },
    [toggle, setSession, dataProvider, notify],
  );
  return [on, set];
}
