import type { Message, MessageDetail } from '@shared/contracts/messages';
import { useOpenMessage } from '@shared/queries/messages';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MessageDetailModal } from './message-detail-modal';
import { messageTarget } from './message-targets';

/**
 * A click on a message, the same in the bell and the message center: getUserMessage marks it
 * read, then types 1 to 5 open their page and type 6 opens the dialog of its datas. A page opens
 * even when marking read failed (the error handler has said why); the dialog needs the answer.
 */
export function useMessageOpener(options: { onOpen?(): void } = {}) {
  const openMessage = useOpenMessage();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<MessageDetail | null>(null);

  async function open(message: Pick<Message, 'id' | 'type' | 'jumpId'>) {
    const target = messageTarget(message);
    const opened = await openMessage.mutateAsync(message.id).catch(() => null);
    options.onOpen?.();
    if (target.kind === 'route') await navigate({ href: target.href });
    else if (opened) setDetail(opened);
  }

  return {
    open,
    /** The message being opened, while getUserMessage is on its way. */
    openingId: openMessage.isPending ? openMessage.variables : null,
    dialog: <MessageDetailModal detail={detail} onClose={() => setDetail(null)} />,
  };
}
