import type { ActionRegistry } from './actionTypes';
import { BulkAction } from './BulkAction';
import { ConfirmAction } from './ConfirmAction';
import { DialogFormAction } from './DialogFormAction';
import { DownloadAction } from './DownloadAction';
import { NavigateAction } from './NavigateAction';

/** Action components by the `type` a definition gives; the meta-schema holds each type's fields. */
export const actionRegistry: ActionRegistry = {
  bulk: BulkAction,
  confirm: ConfirmAction,
  dialog_form: DialogFormAction,
  download: DownloadAction,
  navigate: NavigateAction,
};
