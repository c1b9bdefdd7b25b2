import * as z from 'zod/mini';
import { LANGUAGES } from '../contracts/languages';
import { SessionSnapshotSchema } from '../contracts/session';
import { BRIDGE_CHANNEL } from './bridge-channel';

/**
 * The window.postMessage protocol between the console page and the extension's bridge content
 * script on the console's origin. Whichever side starts second triggers the exchange: the
 * console says hello when it starts listening, the bridge answers a hello (or starts) by sending
 * its snapshot and asking for the console's. Both then send their snapshot on every change;
 * each adopts what it receives when it is newer. The console also tells the extension its
 * interface language, so the popup and side panel speak it.
 */

export const BridgeMessageSchema = z.discriminatedUnion('type', [
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.enum(['console', 'extension']),
    type: z.literal('snapshot'),
    snapshot: SessionSnapshotSchema,
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('extension'),
    type: z.literal('request-snapshot'),
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('console'),
    type: z.literal('hello'),
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('console'),
    type: z.literal('language'),
    language: z.enum(LANGUAGES),
  }),
]);
export type BridgeMessage = z.infer<typeof BridgeMessageSchema>;
