import { dictionary } from '@zxcvbn-ts/language-common';
import { newPasswordIssues } from '../../domain/passwordRules';
import { HttpError } from '../errors';

/**
 * ASVS 2.1.7: the common passwords no account may choose. zxcvbn-ts's list of the most used
 * passwords of public breaches (about 49,000, lower case, 18,000 of them long enough to pass the
 * length rule), kept on the server only so that the console's bundle does not carry it.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common']);

/** The spec has no text for it: worded like its password texts ('Password should be between 8-64 characters'). */
export const COMMON_PASSWORD_TEXT = 'Password is too common';

/**
 * Checks a password being set (reset, one-time code, change) and its confirmation: the spec's
 * length and match rules in its words (src/domain/passwordRules.ts, which the console checks
 * too), then the common-password list, whatever the letters' case ('Password1' is 'password1').
 * Throws the 422 of every problem found.
 */
export function checkNewPassword(newPassword: string, confirmation: string): void {
  const issues = newPasswordIssues(newPassword, confirmation);
  if (!issues.some((issue) => issue.loc.at(-1) === 'new_password') && COMMON_PASSWORDS.has(newPassword.toLowerCase())) {
    issues.unshift({ loc: ['body', 'new_password'], msg: COMMON_PASSWORD_TEXT, type: 'value_error' });
  }
  if (issues.length > 0) throw new HttpError(422, issues);
}
