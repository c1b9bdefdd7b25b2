import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@server/db/client';
import { catalogueCategories } from '@server/db/schema/index';
import { categoryIndex } from '@server/modules/catalogue/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';

describe('the cached category tree', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ from: 'demo' });
  });
  afterAll(() => handle.close());

  it('is not read again for ids that name no category, and is for one loaded meanwhile', async () => {
    const t0 = 1_800_000_000_000;
    const first = await categoryIndex(handle.db, [], t0);
    expect(first.rows.length).toBeGreaterThan(0);

    // Made-up ids, one request after another (keys and not): the same copy answers, without them.
    for (const id of [randomUUID(), randomUUID(), 'not-a-key', '']) {
      const index = await categoryIndex(handle.db, [id], t0 + 1_000);
      expect(index).toBe(first);
      expect(index.byId.has(id)).toBe(false);
    }

    // A category loaded meanwhile: found at once.
    const added = randomUUID();
    await handle.db.insert(catalogueCategories).values({
      id: added,
      level: 1,
      nameZh: '新类目',
      nameTh: 'หมวดใหม่',
      nameEn: 'New category',
      sort: 999,
    });
    const fresh = await categoryIndex(handle.db, [added], t0 + 2_000);
    expect(fresh).not.toBe(first);
    expect(fresh.byId.get(added)?.nameEn).toBe('New category');
    // Known ids within the minute: the same copy; after it, read again.
    expect(await categoryIndex(handle.db, [added], t0 + 61_000)).toBe(fresh);
    expect(await categoryIndex(handle.db, [], t0 + 62_001)).not.toBe(fresh);
  });
});
