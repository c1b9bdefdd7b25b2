import type { CollectOutcome } from '@extension/messaging/schemas';
import { collectClient } from '@extension/pages/collect-client';
import { ApiError } from '@shared/api/errors';
import {
  type ClaimConflicts,
  ClaimConflictsSchema,
  type ClaimResult,
} from '@shared/contracts/collector';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { useApi } from '@shared/queries/api-context';
import { useCallback, useRef, useState } from 'react';

type ClaimOutcome =
  | { status: 'claimed'; result: ClaimResult }
  /** COLLECT_ALREADY_CLAIMED: the product is already in these shops; nothing was claimed. */
  | { status: 'conflict'; conflicts: ClaimConflicts['conflicts'] }
  | { status: 'failed'; error: unknown };

export type CollectRun =
  | { phase: 'idle' }
  | { phase: 'collecting' }
  | { phase: 'claiming'; collected: Extract<CollectOutcome, { ok: true }> }
  | { phase: 'done'; collected: CollectOutcome; claim: ClaimOutcome | null }
  /** The background did not answer. */
  | { phase: 'error'; error: unknown };

export interface CollectInput {
  /** The draft as shown, with the seller's edits. */
  draft: ProductDraft;
  /** Unchanged drafts are collected from the tab itself (as the popup does); edited ones as edited. */
  edited: boolean;
  tabId: number | null;
  shopIds: string[];
}

/** Collecting the shown product, then claiming it into the chosen shops. */
export function useCollectAndClaim() {
  const api = useApi();
  const [run, setRun] = useState<CollectRun>({ phase: 'idle' });
  const busy = useRef(false);

  const start = useCallback(
    async (input: CollectInput) => {
      if (busy.current) return;
      busy.current = true;
      setRun({ phase: 'collecting' });
      try {
        const collected = input.edited
          ? await collectClient.collectEdited(input.draft)
          : await collectClient.collectTab(input.tabId ?? undefined);
        if (!collected.ok || input.shopIds.length === 0) {
          setRun({ phase: 'done', collected, claim: null });
          return;
        }
        setRun({ phase: 'claiming', collected });
        let claim: ClaimOutcome;
        try {
          const result = await api.collector.claim({ ids: [collected.id], shopIds: input.shopIds });
          claim = { status: 'claimed', result };
        } catch (error) {
          const conflicts =
            error instanceof ApiError && error.key === 'COLLECT_ALREADY_CLAIMED'
              ? ClaimConflictsSchema.safeParse(error.datas)
              : null;
          claim = conflicts?.success
            ? { status: 'conflict', conflicts: conflicts.data.conflicts }
            : { status: 'failed', error };
        }
        setRun({ phase: 'done', collected, claim });
      } catch (error) {
        setRun({ phase: 'error', error });
      } finally {
        busy.current = false;
      }
    },
    [api],
  );

  const reset = useCallback(() => setRun({ phase: 'idle' }), []);
  return { run, start, reset };
}
