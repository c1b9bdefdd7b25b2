import {
  type BackgroundReply,
  type BackgroundRequest,
  RefusedError,
} from '@extension/messaging/protocol';
import type * as z from 'zod/mini';

/** The parts of a runtime.MessageSender the background looks at. */
export interface MessageSenderLike {
  id?: string | undefined;
  url?: string | undefined;
  origin?: string | undefined;
  frameId?: number | undefined;
  tab?: { id?: number | undefined; url?: string | undefined } | undefined;
}

/**
 * How the background answers one request: it gets what arrived (checked there, never trusted)
 * and who sent it, and answers the protocol's reply or rejects with a RefusedError.
 */
export type RequestHandler<K extends BackgroundRequest> = (
  data: unknown,
  sender: MessageSenderLike,
) => Promise<BackgroundReply<K>>;

/** Every request of the protocol, answered. */
export type BackgroundHandlers = { [K in BackgroundRequest]: RequestHandler<K> };

/** The data of a request as its schema reads it; anything else is refused as invalid. */
export function checked<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RefusedError('invalid');
  return parsed.data;
}
