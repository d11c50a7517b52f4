import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { FieldErrors } from './stepForm';

/**
 * The state of an editor's form: the draft, whether it differs from what was last saved, and its
 * errors (the form's own and the server's refusals of the last save). An error shows once its field
 * was left, or everywhere once a save was tried; a tried save with errors moves the focus to the
 * first marked field.
 */
export function useDraftForm<D>(initial: D, bodyOf: (draft: D) => unknown, errorsOf: (draft: D) => FieldErrors) {
  const [draft, setDraftState] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(bodyOf(initial)));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = useMemo(() => ({ ...serverErrors, ...errorsOf(draft) }), [serverErrors, errorsOf, draft]);
  const dirty = JSON.stringify(bodyOf(draft)) !== baseline;

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setDraft = useCallback((next: D) => {
    setDraftState(next);
    setServerErrors({});
  }, []);

  return {
    draft,
    setDraft,
    errors,
    dirty,
    formRef,
    /** Whether the error of a field (by path key) shows. */
    shown: (key: string) => tried || touched.has(key) || key in serverErrors,
    /** The form's focusout: the field left now shows its error. */
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name === 'string' && name !== '' && !touched.has(name)) setTouched(new Set(touched).add(name));
    },
    /** A save is tried: true when the form may be sent, else every error shows and the first marked field takes the focus. */
    trySave: () => {
      setTried(true);
      const ok = Object.keys(errorsOf(draft)).length === 0;
      if (!ok) setFocusRequest((n) => n + 1);
      return ok;
    },
    /** The draft as sent is the new baseline. */
    markSaved: (saved: D) => setBaseline(JSON.stringify(bodyOf(saved))),
    refused: (fieldErrors: FieldErrors) => {
      setServerErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setFocusRequest((n) => n + 1);
    },
  };
}
