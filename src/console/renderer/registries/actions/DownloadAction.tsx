import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { fillTemplate, resolveValue } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { Button } from '../../skin/Button';
import { useNotify } from '../../skin/toasts';
import type { ActionProps } from './actionTypes';
import { DownloadDialog } from './DownloadDialog';
import { saveFile } from './saveFile';

/**
 * A button that downloads a file, saved under the server's name (or the definition's):
 * `{"path": "/patients/{id}/export", "query": {"start_date": "..."}}`. With `parameters` it opens a
 * dialog where they are chosen first (DownloadDialog).
 */
export function DownloadAction(props: ActionProps<Extract<ActionProps['action'], { type: 'download' }>>) {
  return props.action.parameters ? <DownloadDialog {...props} /> : <DirectDownload {...props} />;
}

function DirectDownload({ action, disabled, disabledReason }: ActionProps<Extract<ActionProps['action'], { type: 'download' }>>) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const context = useEvalContext();
  const download = useMutation({
    mutationFn: () => dataProvider.download(fillTemplate(action.path, context), resolveValue(action.query ?? {}, context) as Record<string, string>),
    onSuccess: ({ blob, filename }) => saveFile(blob, action.filename ? fillTemplate(action.filename, context) : (filename ?? 'download')),
    onError: (error) => notify(`Error: ${error instanceof Error ? error.message : String(error)}`, 'error'),
  });
  return (
    <Button disabled={disabled || download.isPending} disabledReason={disabled ? disabledReason : undefined} onClick={() => download.mutate()}>
      {action.label}
    </Button>
  );
}
