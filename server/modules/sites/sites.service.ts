import { TEL_CODES, type TelCodeOption } from '@shared/contracts/accounts';
import type { Currency } from '@shared/contracts/money';
import type { Site, SiteListQuery } from '@shared/contracts/sites';
import { SiteSchema } from '@shared/contracts/sites';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { sites } from '../../db/schema/index';
import type { Translator } from '../../lib/i18n';

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

/**
 * The country options of phone fields (telCodeList): each dialling code with its country's name
 * in the reader's language and the currency of that site.
 */
export async function listTelCodes(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  input: { t: Pick<Translator, 'site'> },
): Promise<TelCodeOption[]> {
  const rows = await deps.db
    .select({ code: sites.code, currency: sites.currency })
    .from(sites)
    .where(
      inArray(
        sites.code,
        TEL_CODES.map((t) => t.country),
      ),
    );
  const currencies = new Map(rows.map((row) => [row.code, row.currency]));
  return TEL_CODES.map(({ code, country }) => ({
    code,
    country,
    name: input.t.site(country),
    currency: (currencies.get(country) ?? null) as Currency | null,
  }));
}
