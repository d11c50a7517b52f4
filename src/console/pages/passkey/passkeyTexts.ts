/** The /passkey page's status texts (spec 002 section 8, "Public pages"): contracts, word for word. */
export const PASSKEY_TEXTS = {
  unsupported: 'WebAuthn is not supported in this browser.',
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed. Please try again.',
  loginError: 'An error occurred during login.',
  registrationSuccess: 'Registration successful!',
  registrationFailed: 'Registration failed. Please try again.',
  registrationError: 'An error occurred during registration.',
  /** Ours: the page is for testing environments only (spec 000 section 2.1). */
  unavailable: 'This page is not available.',
  codeRequired: 'Enter your one-time code.',
  birthdateRequired: 'Enter your date of birth.',
} as const;
