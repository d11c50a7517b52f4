import type { ValidationIssue } from './validation';

/** Spec 000 section 5 and section 9: a new password has 8 to 64 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/**
 * The 422 entries for a new password and its confirmation, in the spec's words; empty when both
 * are acceptable. Length counts characters (code points), not UTF-16 units or bytes.
 */
export function newPasswordIssues(newPassword: string, confirmation: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const length = [...newPassword].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    issues.push({ loc: ['body', 'new_password'], msg: 'Password should be between 8-64 characters', type: 'value_error' });
  }
  if (newPassword !== confirmation) {
    issues.push({ loc: ['body', 'new_password_2'], msg: 'Passwords must match', type: 'value_error' });
  }
  return issues;
}
