/** The text a submitted form holds under `name`; '' when it has no such field (or a file there). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Spec 000 section 8: shown when the MFA token ran out, before the login form returns, and above the login
 * form after an idle logout or a session the server ended ('Token has expired'). /login and /otp say it.
 */
export const SESSION_TIMED_OUT = "Oops! Your session timed out. No worries, let's try that again!";
