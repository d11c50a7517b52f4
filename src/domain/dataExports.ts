/**
 * Patient data exports (spec 001, profile section 13 "Patient Data Export"; spec 002 /download): the
 * state machine as one table, the texts, and the list's page size. Shared by the server
 * (services/dataExports) and the console (features/dataExports).
 *
 * pending -> pending_validation -> completed; failed or revoked on the way. A request is `pending`
 * only inside its own transaction: it is written and at once moved to `pending_validation`, where it
 * waits for a second person's check (Validate, `data_export.validate`). Validate starts the archive's
 * build in the background; the build ends `completed` (or `failed`). Revoke is offered unless completed.
 */

export const DATA_EXPORT_STATUSES = ['pending', 'pending_validation', 'completed', 'failed', 'revoked'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export type DataExportAction = 'validate' | 'revoke' | 'build_done' | 'build_failed' | 'submit';

interface StateRow {
  label: string;
  /** Where each action leads from this state; an action missing here is not offered. */
  next: Partial<Record<DataExportAction, DataExportStatus>>;
  /** The state ends the record's life. */
  final: boolean;
}

/** THE table: every state, its label, and what each action does from it. */
export const DATA_EXPORT_STATES: Record<DataExportStatus, StateRow> = {
  pending: { label: 'Pending', next: { submit: 'pending_validation', revoke: 'revoked' }, final: false },
  pending_validation: {
    label: 'Pending validation',
    // Validate keeps the state while the archive is built in the background (progress 0-100).
    next: { validate: 'pending_validation', build_done: 'completed', build_failed: 'failed', revoke: 'revoked' },
    final: false,
  },
  completed: { label: 'Completed', next: {}, final: true },
  failed: { label: 'Failed', next: { revoke: 'revoked' }, final: true },
  revoked: { label: 'Revoked', next: {}, final: true },
};

/** The state an action leads to from `status`, or undefined when the action is not offered there. */
export function dataExportTransition(status: DataExportStatus, action: DataExportAction): DataExportStatus | undefined {
  return DATA_EXPORT_STATES[status].next[action];
}

/** Whether the console offers a user action (Validate, Revoke) in `status`. */
export const dataExportOffers = (status: DataExportStatus, action: 'validate' | 'revoke'): boolean => dataExportTransition(status, action) !== undefined;

/** The permission each user action needs. */
export const DATA_EXPORT_PERMISSIONS = {
  list: 'data_export.list',
  request: 'patients.update',
  validate: 'data_export.validate',
  revoke: 'data_export.delete',
} as const;

/** The spec's words (quoted in spec 001 and 002), and the toasts it names without words. */
export const DATA_EXPORT_TEXTS = {
  noEmail: 'No email set',
  unavailable: 'Data export unavailable',
  success: 'Export successful',
  error: 'Error exporting patient data',
  empty: 'No export requests found',
  requested: 'Data export requested',
  revoked: 'Data export revoked',
  validated: 'Data export validated',
  consent: 'The patient consents to this export',
  noConsent: 'The patient must consent to the export',
  unverified: "The patient's e-mail address is not verified",
  noToken: 'No download token found. Please check your download link and try again.',
  downloadFailed: 'Download failed. Please try again or contact support.',
  badToken: 'bad_token',
} as const;

/** Data exports a page in the list (spec 001: "data exports 5 a page, created_at descending"). */
export const DATA_EXPORTS_PAGE_SIZE = 5;
/** How long the mailed download link works. */
export const DATA_EXPORT_DOWNLOAD_DAYS = 7;
