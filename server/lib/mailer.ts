import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Clock } from './clock';
import { AppError } from './errors';
import type { Logger } from './logger';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message goes to the outbox table first. With an SMTP URL it is then sent with nodemailer
 * and marked sent; without one it stays in the outbox and is printed to the log, so a new machine
 * works without a mail server.
 */
export function createMailer(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          createdAt: options.clock.now(),
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new AppError('OPERATION_FAILED');
      if (!transport) {
        options.logger.info('mail kept in the outbox (no SMTP configured)', {
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        await options.db
          .update(mailOutbox)
          .set({ sentAt: options.clock.now() })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.logger.error('mail not sent', { to: message.to, error });
        await options.db
          .update(mailOutbox)
          .set({ error: String(error) })
          .where(eq(mailOutbox.id, row.id));
        throw new AppError('MAIL_SEND_FAILED', { cause: error });
      }
    },
  };
}
