import * as z from 'zod/mini';
import { LANGUAGES } from '../contracts/languages';
import { EXTRACTION_FAILURES } from '../contracts/product-draft';
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
  // The collector: the extension says it is installed (with its version) whenever it announces
  // itself; the console asks it to open product addresses and collect them, and hears back per
  // address.
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('extension'),
    type: z.literal('presence'),
    version: z.string(),
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('console'),
    type: z.literal('collect-urls'),
    requestId: z.string().check(z.minLength(1), z.maxLength(100)),
    urls: z.array(z.string().check(z.maxLength(2000))).check(z.minLength(1), z.maxLength(50)),
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('extension'),
    type: z.literal('collect-progress'),
    requestId: z.string(),
    url: z.string(),
    state: z.enum(['queued', 'opening', 'reading', 'saving']),
  }),
  z.object({
    channel: z.literal(BRIDGE_CHANNEL),
    from: z.literal('extension'),
    type: z.literal('collect-result'),
    requestId: z.string(),
    url: z.string(),
    /** Collected: the collection box row. */
    id: z.nullable(z.string()),
    title: z.nullable(z.string()),
    /** Not collected: why (an extraction failure kind, or an error key of the server). */
    failure: z.nullable(z.enum(EXTRACTION_FAILURES)),
    errorKey: z.nullable(z.string()),
    /** Not collected: the message to show, in the extension's language. */
    message: z.nullable(z.string()),
  }),
]);
export type BridgeMessage = z.infer<typeof BridgeMessageSchema>;
