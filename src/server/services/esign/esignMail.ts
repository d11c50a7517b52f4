import type { OutgoingMail } from '../mailer';
import type { EsignMailOrder } from './esignRequests';

/** The signing page's address: PUBLIC_URL + /esign/{slug}. */
export const signingLink = (publicUrl: string, slug: string) => `${publicUrl.replace(/\/+$/, '')}/esign/${slug}`;

/**
 * The mail that asks for the signature: plain text, the patient's first name at most (the guardian's
 * mail no name: a mailbox is not a secure channel), the link and until when it works.
 */
export function esignMail(publicUrl: string, order: EsignMailOrder): OutgoingMail {
  const name = order.firstName.trim();
  return {
    to: order.to,
    subject: 'Please sign your consent form',
    text: [
      name ? `Hello ${name},` : 'Hello,',
      '',
      'Your care team asks you to read and sign a consent form for remote patient monitoring.',
      `Open this link to read it and sign it. The link works until ${order.expiresAt.toUTCString()}:`,
      '',
      signingLink(publicUrl, order.slug),
      '',
      'If you did not expect this message, you can ignore it, or tell your care team.',
    ].join('\n'),
  };
}
