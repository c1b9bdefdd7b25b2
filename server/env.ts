import { z } from 'zod';

const flag = z.enum(['0', '1']).optional();
const seconds = z.coerce.number().int().positive();

/** Every environment variable the server reads. This file is the only reader of process.env. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Address printed for people and used in links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Embedded database folder (PGlite keeps its files in DATA_DIR/pglite). */
  DATA_DIR: z.string().min(1).default('.data'),
  /** A PostgreSQL URL switches from the embedded database to that server. */
  DATABASE_URL: z.string().min(1).optional(),
  /** Seed the demo account: by default on an empty embedded database; with DATABASE_URL only when 1. */
  SEED_DEMO: flag,
  SESSION_IDLE_SECONDS: seconds.default(12 * 60 * 60),
  SESSION_ABSOLUTE_SECONDS: seconds.default(7 * 24 * 60 * 60),
  CONSOLE_DIR: z.string().min(1).default('dist/console'),
  EXTENSION_DIR: z.string().min(1).default('.output/chrome-mv3'),
  EXTENSION_ZIP: z.string().min(1).default('.output/extension.zip'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
  );
  throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}
