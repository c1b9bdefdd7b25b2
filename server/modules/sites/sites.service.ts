import type { Site, SiteListQuery } from '@shared/contracts/sites';
import { SiteSchema } from '@shared/contracts/sites';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { sites } from '../../db/schema/index';

/** Opened sites, or all of them with isAll=1, in display order. */
export async function listSites(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  query: SiteListQuery,
): Promise<Site[]> {
  const { db } = deps;
  const base = db.select().from(sites);
  const rows = await (query.isAll === '1' ? base : base.where(eq(sites.opened, true))).orderBy(
    asc(sites.sortOrder),
  );
  return rows.map((row) =>
    SiteSchema.parse({
      site: row.code,
      language: row.language,
      currency: row.currency,
      symbol: row.symbol,
    }),
  );
}
