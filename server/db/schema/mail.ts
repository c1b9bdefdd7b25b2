import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every message the product sends; without SMTP settings it stays here (and in the log). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
