import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { INLINE_EDIT_DEBOUNCE_MS, INLINE_EDIT_HIGHLIGHT_MS } from '../../../domain/enrollmentQueue';
import type { Id } from '../../api/dataProvider';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';
import { plainText } from '../../renderer/core/format';

/** Spec 001 section 8: the text under the field when the server gives no message of its own. */
const INLINE_EDIT_ERROR = 'Failed to update value';

const asText = (value: unknown) => plainText(value ?? '');

interface InlineEditTarget {
  resource: string;
  id: Id;
  field: string;
  /** The value as the server last gave it. */
  value: unknown;
}

/**
 * The controller of a field edited in its row: the text as typed, saved with PATCH `{field: text}`
 * once typing has paused for 1 s (an emptied field is sent as null), `saved` for 2 s after, and the
 * server's message (or 'Failed to update value') when refused. A newer value from the server
 * replaces the text only while nothing typed is unsaved.
 */
export function useInlineEdit({ resource, id, field, value }: InlineEditTarget) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => asText(value));
  const saved = useRef(asText(value));
  const [highlight, setHighlight] = useState(false);
  const save = useMutation({
    mutationFn: (next: string) => dataProvider.update(resource, id, { [field]: next === '' ? null : next }, { method: 'PATCH' }),
    onSuccess: (_, next) => {
      saved.current = next;
      setHighlight(true);
      void queryClient.invalidateQueries({ queryKey: resourceQueries(resource).key });
    },
  });
  const { mutate } = save;

  useEffect(() => {
    if (text === saved.current) return undefined;
    const timer = setTimeout(() => mutate(text), INLINE_EDIT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, mutate]);
  useEffect(() => {
    if (!highlight) return undefined;
    const timer = setTimeout(() => setHighlight(false), INLINE_EDIT_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);
  useEffect(() => {
    if (text === saved.current && asText(value) !== saved.current) {
      saved.current = asText(value);
      setText(asText(value));
    }
    // Only a new value from the server re-runs this, never the user's typing.
  }, [value]);

  return { text, setText, saving: save.isPending, saved: highlight, error: save.isError ? save.error.message || INLINE_EDIT_ERROR : undefined };
}
