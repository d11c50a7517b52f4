import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { fillTemplate, resolveValue } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { Button } from '../../skin/Button';
import { useNotify } from '../../skin/toasts';
import type { ActionProps } from './actionTypes';

/** Saves the file the browser gets from an API path, under the server's name (or the definition's). */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** A button that downloads a file: `{"path": "/patients/{id}/export", "query": {"start_date": "..."}}`. */
export function DownloadAction({ action, disabled }: ActionProps<Extract<ActionProps['action'], { type: 'download' }>>) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const context = useEvalContext();
  const download = useMutation({
    mutationFn: () => dataProvider.download(fillTemplate(action.path, context), resolveValue(action.query ?? {}, context) as Record<string, string>),
    onSuccess: ({ blob, filename }) => save(blob, action.filename ? fillTemplate(action.filename, context) : (filename ?? 'download')),
    onError: (error) => notify(`Error: ${error instanceof Error ? error.message : String(error)}`, 'error'),
  });
  return (
    <Button disabled={disabled || download.isPending} onClick={() => download.mutate()}>
      {action.label}
    </Button>
  );
}
