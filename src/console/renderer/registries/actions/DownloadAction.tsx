import { Button } from '../../../ui/Button';
import type { ActionProps } from './actionTypes';
import { DownloadDialog } from './DownloadDialog';
import { useDownload } from './useDownload';

/**
 * A button that downloads a file, saved under the server's name (or the definition's):
 * `{"path": "/patients/{id}/export", "query": {"start_date": "..."}}`. With `parameters` or a `form`
 * it opens a dialog where they are chosen first (DownloadDialog).
 */
export function DownloadAction(props: ActionProps<Extract<ActionProps['action'], { type: 'download' }>>) {
  return props.action.parameters || props.action.form ? <DownloadDialog {...props} /> : <DirectDownload {...props} />;
}

function DirectDownload({ action, disabled, disabledReason }: ActionProps<Extract<ActionProps['action'], { type: 'download' }>>) {
  // The definition's words for the outcome, as the dialog's download says them.
  const download = useDownload(action, { success: action.success, error: action.error });
  return (
    <Button disabled={disabled || download.isPending} disabledReason={disabled ? disabledReason : undefined} onClick={() => download.mutate({})}>
      {action.label}
    </Button>
  );
}
