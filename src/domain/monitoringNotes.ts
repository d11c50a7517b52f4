import { ADMIN_ROLES, type Role } from './roles';

/**
 * Rules of monitoring notes (spec 001 section 5, "Monitoring notes") shared by the server and the
 * form: who may change a note's date, and which notes are the server's own.
 */

/** Monitoring activity date editing is limited to roles admin, superadmin, internal_admin, internal_billing_admin. */
export const NOTE_DATE_EDITORS: readonly Role[] = ['admin', ...ADMIN_ROLES];

export const mayEditNoteDate = (role: Role) => NOTE_DATE_EDITORS.includes(role);

/** Activities of type activity are the server's record of a status change: they cannot be edited. */
export const isServerActivity = (type: unknown) => type === 'activity';
