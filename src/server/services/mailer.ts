import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { DB } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every message is composed by nodemailer and recorded in the outbox table. With SMTP_URL set
 * (and outside demo) it is also delivered; in demo and tests the outbox is where it stays, and
 * where tests read it.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
  ) {
    this.transport = config.smtpUrl && !config.isDemo ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const row = await this.db
      .insertInto('outbox_emails')
      .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) return;
    await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    await this.db.updateTable('outbox_emails').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
  }
}
