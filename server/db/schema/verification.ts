import { CODE_PURPOSES } from '@shared/contracts/accounts';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An e-mail verification code; only its hash is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

/** A checked code turned into a single-use ticket for the step that follows (register, reset). */
export const verificationTickets = pgTable('verification_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A slider puzzle: where the gap is, and once solved, the single-use token it earned. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  targetX: integer('target_x').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  solvedAt: timestamp('solved_at', { withTimezone: true }),
  tokenHash: text('token_hash').unique(),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
