import type { OutgoingMail } from '../mailer';

/**
 * The mail that brings a patient their data export: plain text, their first name, and a link to
 * the public /download page carrying the one-time download token (works once, `validDays` days).
 */
export function dataExportMail(publicUrl: string, to: string, firstName: string, token: string, validDays: number): OutgoingMail {
  const link = `${publicUrl.replace(/\/+$/, '')}/download?token=${encodeURIComponent(token)}`;
  const name = firstName.trim();
  return {
    to,
    subject: 'Your data export is ready',
    text: [
      name ? `Hello ${name},` : 'Hello,',
      '',
      'The export of your health data that you agreed to is ready.',
      `Open this link within ${validDays} days to download it:`,
      '',
      link,
      '',
      'The link works once. If you did not expect this message, please contact your care team.',
    ].join('\n'),
  };
}
