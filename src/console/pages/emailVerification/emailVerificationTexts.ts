/** The /email-verification page's words (spec 002 sections 2 and 8: the quoted ones are contracts). */
export const EMAIL_VERIFICATION_TEXTS = {
  title: 'Email Verification',
  verifying: 'Verifying your email address…',
  verified: 'Email verified successfully! You may close the window',
  noCode: 'No verification code found. Please check your verification email and try again.',
  failed: 'Email verification failed. Please try again.',
} as const;
