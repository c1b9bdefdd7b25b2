import type { ClaimOutcome, CollectOutcome } from '@extension/messaging/schemas';
import { collectClient } from '@extension/pages/collect-client';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { useCallback, useRef, useState } from 'react';

export type CollectRun =
  | { phase: 'idle' }
  | { phase: 'collecting' }
  | { phase: 'claiming'; collected: Extract<CollectOutcome, { ok: true }> }
  | { phase: 'done'; collected: CollectOutcome; claim: ClaimOutcome | null }
  /** The background did not answer. */
  | { phase: 'error'; error: unknown };

export interface CollectInput {
  /** The draft as shown, with the seller's edits: what is collected (the page is not read again). */
  draft: ProductDraft;
  shopIds: string[];
}

/**
 * Collecting the shown product, then claiming it into the chosen shops: both asked of the
 * background's collect service, which alone holds the session and calls the API.
 */
export function useCollectAndClaim() {
  const [run, setRun] = useState<CollectRun>({ phase: 'idle' });
  const busy = useRef(false);

  const start = useCallback(async (input: CollectInput) => {
    if (busy.current) return;
    busy.current = true;
    setRun({ phase: 'collecting' });
    try {
      const collected = await collectClient.collectDraft(input.draft);
      if (!collected.ok || input.shopIds.length === 0) {
        setRun({ phase: 'done', collected, claim: null });
        return;
      }
      setRun({ phase: 'claiming', collected });
      const claim = await collectClient.claim(collected.id, input.shopIds);
      setRun({ phase: 'done', collected, claim });
    } catch (error) {
      setRun({ phase: 'error', error });
    } finally {
      busy.current = false;
    }
  }, []);

  const reset = useCallback(() => setRun({ phase: 'idle' }), []);
  return { run, start, reset };
}
