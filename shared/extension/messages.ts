import * as z from 'zod/mini';
import { SessionSnapshotSchema } from '../contracts/session';

/** Runtime messages to the background about the session. */
export const HubRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session:get') }),
  z.object({ type: z.literal('session:put'), snapshot: SessionSnapshotSchema }),
]);
export type HubRequest = z.infer<typeof HubRequestSchema>;

export type HubResponse =
  | { ok: true; snapshot: z.infer<typeof SessionSnapshotSchema> }
  | { ok: false; error: 'forbidden' | 'invalid' };

/** What the background sends to the console bridge and to extension pages when the session changes. */
export const SessionChangedSchema = z.object({
  type: z.literal('session:changed'),
  snapshot: SessionSnapshotSchema,
});
