import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@server/db/client';
import { catalogueCategories } from '@server/db/schema/index';
import { categoryIndex } from '@server/modules/catalogue/categories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../support/database';

describe('the cached category tree', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ from: 'demo' });
  });
  afterAll(() => handle.close());

  it('reads the tree again for an unknown category at most once in five seconds, and then finds a new one', async () => {
    const reads = vi.spyOn(handle.db, 'select');
    const t0 = 1_800_000_000_000;
    const first = await categoryIndex(handle.db, [], t0);
    expect(first.rows.length).toBeGreaterThan(0);
    expect(reads).toHaveBeenCalledTimes(1);

    // Made-up ids, one request after another: the copy is answered, without the id.
    for (let step = 1; step <= 20; step += 1) {
      const index = await categoryIndex(handle.db, [randomUUID()], t0 + step * 200);
      expect(index).toBe(first);
    }
    expect(reads).toHaveBeenCalledTimes(1);

    // A category loaded meanwhile: found once the copy is five seconds old.
    const added = randomUUID();
    await handle.db.insert(catalogueCategories).values({
      id: added,
      level: 1,
      nameZh: '新类目',
      nameTh: 'หมวดใหม่',
      nameEn: 'New category',
      sort: 999,
    });
    expect((await categoryIndex(handle.db, [added], t0 + 4_999)).byId.has(added)).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
    const fresh = await categoryIndex(handle.db, [added], t0 + 5_000);
    expect(fresh.byId.get(added)?.nameEn).toBe('New category');
    expect(reads).toHaveBeenCalledTimes(2);

    // Known ids within the minute: no read.
    expect(await categoryIndex(handle.db, [added], t0 + 59_000)).toBe(fresh);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
