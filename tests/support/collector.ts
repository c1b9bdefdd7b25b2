import { PLUGIN_HEADER } from '@shared/contracts/collector';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Drafts into the collection box the way the extension sends them (with the plug-in header). */
export async function collectDrafts(t: TestApp, token: string, drafts: ProductDraft[]) {
  const res = await t.call('POST', '/api-product/collect/add', {
    token,
    json: { drafts },
    headers: { [PLUGIN_HEADER]: '1.0.0' },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.records as { id: string; created: boolean; title: string }[];
}
