import type { RecordRule } from '../../renderer/core/coreRegistries';

/** Spec 002 section 4 (user toggle), in the API's words (resources/definitions/users.ts, USER_TEXTS). */
export const SELF_DISABLE_REFUSAL = "You can't disable your own account.";

/**
 * The user rules a definition may name (`{"refused": "user.disable"}`): nobody disables their own account.
 * The last active superadmin is the server's to refuse (the console does not count them).
 */
export const userRules: Readonly<Record<'user.disable', RecordRule>> = {
  'user.disable': (record, context) => {
    const me = context?.identity?.id;
    return me !== undefined && me !== null && String(record.id) === String(me) ? SELF_DISABLE_REFUSAL : null;
  },
};
