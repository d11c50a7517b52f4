import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { getPath } from '../../core/context';
import { plainText } from '../../core/format';
import { useScreenScope } from '../../scopeContext';
import { useNotify } from '../../skin/toasts';

const asText = (value: unknown) => plainText(value ?? '');

interface RecordNotesTarget {
  resource: string;
  field: string;
  /** The toast of a failed save. */
  error: string;
}

/**
 * The controller of a free-text field of the screen's record: the text as typed, saved with PATCH
 * `{field: text}` (an emptied box sends null) only when it changed, and when it was saved; on
 * failure the error toast, and the text stays for another try. A newer value from the server
 * replaces the text only while nothing typed is unsaved.
 */
export function useRecordNotes({ resource, field, error }: RecordNotesTarget) {
  const { record } = useScreenScope();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const stored = asText(getPath(record, field));
  const [text, setText] = useState(stored);
  const saved = useRef(stored);
  const [savedAt, setSavedAt] = useState<Date | undefined>();
  const save = useMutation({
    mutationFn: (next: string) => dataProvider.update(resource, record?.id as number, { [field]: next === '' ? null : next }, { method: 'PATCH' }),
    onSuccess: (_, next) => {
      saved.current = next;
      setSavedAt(new Date());
      void queryClient.invalidateQueries({ queryKey: resourceQueries(resource).key });
    },
    onError: () => notify(error, 'error'),
  });
  useEffect(() => {
    if (text === saved.current && stored !== saved.current) {
      saved.current = stored;
      setText(stored);
    }
    // Only a new stored value re-runs this, never the typing.
  }, [stored]);

  return {
    text,
    setText,
    saving: save.isPending,
    savedAt,
    /** Saves what was typed, unless it is what the record holds or a save is on its way. */
    commit() {
      if (text !== saved.current && !save.isPending) save.mutate(text);
    },
  };
}
