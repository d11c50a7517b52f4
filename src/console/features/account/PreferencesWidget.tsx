import { useEffect, useState } from 'react';
import { getPath } from '../../renderer/core/context';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { ACCOUNT_TEXTS, PREFERENCE_TOGGLES, TIME_ZONE_KEY, type PreferenceKey } from './accountTexts';
import { useAccountCalls } from './useAccountCalls';

type Values = Record<PreferenceKey, boolean>;

const valuesOf = (settings: unknown): Values => Object.fromEntries(PREFERENCE_TOGGLES.map(({ key }) => [key, getPath(settings, key) === true])) as Values;

/**
 * The account's preferences (spec 002 section 9): the three switches, saved together with
 * PATCH users/settings ('Preferences saved'), and the user's time zone, the one times are shown
 * in. The zone is the browser's: the shell saves it when it differs (useTimeZoneSync), so it is
 * said here, not chosen.
 */
export function PreferencesWidget() {
  const { record } = useEvalContext();
  const settings = getPath(record, 'settings');
  const saved = JSON.stringify(valuesOf(settings));
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [busy, setBusy] = useState(false);
  const { send, notify, refresh } = useAccountCalls();
  useEffect(() => setValues(JSON.parse(saved) as Values), [saved]);
  const zone = getPath(settings, TIME_ZONE_KEY);
  const changed = JSON.stringify(values) !== saved;

  const save = async () => {
    setBusy(true);
    try {
      await send('/users/settings', 'PATCH', values);
      notify(ACCOUNT_TEXTS.preferencesSaved);
      await refresh();
    } catch (error) {
      notify(`${ACCOUNT_TEXTS.preferencesFailed}${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 text-sm text-slate-800">
      <fieldset className="space-y-2">
        <legend className="sr-only">Preferences</legend>
        {PREFERENCE_TOGGLES.map(({ key, label }) => (
          <label key={key} className="flex items-center gap-2">
            <input
              type="checkbox"
              role="switch"
              className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
              checked={values[key]}
              onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.checked }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p>
        <span className="font-medium">Time zone: </span>
        {typeof zone === 'string' && zone !== '' ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone}
        <span className="block text-xs text-slate-600">Times are shown in this zone, taken from your browser.</span>
      </p>
      <Button variant="primary" size="md" onClick={() => void save()} disabled={busy || !changed}>
        Save preferences
      </Button>
    </div>
  );
}
