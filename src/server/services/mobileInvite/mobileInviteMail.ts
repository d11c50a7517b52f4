import type { OutgoingMail } from '../mailer';

/**
 * The mobile-app invitation mail: plain text, the patient's first name and nothing else about them
 * (no provider, condition or care detail: a mailbox is not a secure channel), and a link to the
 * /otp page carrying the one-time code, which works once and for `validDays` days.
 */
export function mobileInviteMail(publicUrl: string, to: string, firstName: string, token: string, validDays: number): OutgoingMail {
  const link = `${publicUrl.replace(/\/+$/, '')}/otp?code=${encodeURIComponent(token)}`;
  const name = firstName.trim();
  return {
    to,
    subject: 'Your invitation to the Care Console mobile app',
    text: [
      name ? `Hello ${name},` : 'Hello,',
      '',
      'Your care team invites you to use the Care Console mobile app.',
      `Open this link within ${validDays} days to choose your password:`,
      '',
      link,
      '',
      'Then sign in to the mobile app with your e-mail address and that password.',
      'The link works once. If you did not expect this message, you can ignore it.',
    ].join('\n'),
  };
}
