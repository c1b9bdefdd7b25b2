import { LANGUAGES, type Language } from '@shared/contracts/languages';
import { type SessionSnapshot, SessionSnapshotSchema } from '@shared/contracts/session';
import * as z from 'zod/mini';

/** Runtime messages to the background: the session, and the console's interface language. */
export const HubRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session:get') }),
  z.object({ type: z.literal('session:put'), snapshot: SessionSnapshotSchema }),
  z.object({ type: z.literal('language:get') }),
  z.object({ type: z.literal('language:put'), language: z.enum(LANGUAGES) }),
]);
export type HubRequest = z.infer<typeof HubRequestSchema>;

export type HubResponse =
  | { ok: true; snapshot: SessionSnapshot }
  | { ok: true; language: Language | null }
  | { ok: false; error: 'forbidden' | 'invalid' };

/** What the background sends to the console bridge and to extension pages when the session changes. */
export const SessionChangedSchema = z.object({
  type: z.literal('session:changed'),
  snapshot: SessionSnapshotSchema,
});
