import { backgroundMessenger } from '@extension/messaging/messengers';
import type { BackgroundRequest } from '@extension/messaging/protocol';
import type { BackgroundHandlers, RequestHandler } from './requests';

/** Answers every request of the protocol from now on, each with its handler. */
export function serveRequests(handlers: BackgroundHandlers): void {
  for (const type of Object.keys(handlers) as BackgroundRequest[]) {
    const handle = handlers[type] as RequestHandler<BackgroundRequest>;
    backgroundMessenger.onMessage(type, (message) => handle(message.data, message.sender) as never);
  }
}
