import { useMutation } from '@tanstack/react-query';
import type { ActionDefinition } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { fillTemplate, resolveValue } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { useNotify } from '../../skin/toasts';
import { saveFile } from './saveFile';

type Download = Extract<ActionDefinition, { type: 'download' }>;

interface DownloadOutcome {
  /** The toast once the file is saved; none without it. */
  success?: string | undefined;
  /** The toast of a failure; 'Error: ' and the message without it. */
  error?: string | undefined;
  onSaved?: () => void;
}

/**
 * The download of an action: GET its `path` with its `query` (templates filled) and the values
 * given, the file saved under the server's name (or the action's `filename`).
 * `useDownload(action).mutate({format: 'pdf'})`.
 */
export function useDownload(action: Download, { success, error, onSaved }: DownloadOutcome = {}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const context = useEvalContext();
  return useMutation({
    mutationFn: (values: Readonly<Record<string, string>>) =>
      dataProvider.download(fillTemplate(action.path, context), { ...(resolveValue(action.query ?? {}, context) as Record<string, string>), ...values }),
    onSuccess: ({ blob, filename }) => {
      saveFile(blob, action.filename ? fillTemplate(action.filename, context) : (filename ?? 'download'));
      if (success) notify(success);
      onSaved?.();
    },
    onError: (failure) => notify(error ?? `Error: ${failure instanceof Error ? failure.message : String(failure)}`, 'error'),
  });
}
