import type { OutgoingMail } from '../services/mailer';

/** The reset mail: a link to the console's set-password view (/login?resetCode=...), valid one hour. */
export function resetPasswordMail(publicUrl: string, to: string, token: string): OutgoingMail {
  const link = `${publicUrl.replace(/\/+$/, '')}/login?resetCode=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Care Console password',
    text: [
      'Hello,',
      '',
      'We received a request to reset the password of your Care Console account.',
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
