import enCommon from '@locales/en/common.json';
import thCommon from '@locales/th/common.json';
import zhCommon from '@locales/zh/common.json';
import type {
  HelpArticle,
  HelpHit,
  HelpListQuery,
  HelpPage,
  HelpSearchResult,
  MenuHit,
} from '@shared/contracts/help';
import type { Language } from '@shared/contracts/languages';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { helpArticles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { assertOperator } from '../../lib/operators';
import { sanitizeHtml } from '../../lib/sanitize-html';

type ArticleRow = typeof helpArticles.$inferSelect;

function toArticle(row: ArticleRow): HelpArticle {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    sort: row.sort,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** What may be stored as a help article; the content is sanitised here, whoever calls. */
export interface HelpArticleInput {
  /** Edits this article; a new one when absent. */
  id?: number | undefined;
  language: Language;
  title: string;
  content: string;
  /** Lower first in the list. */
  sort?: number | undefined;
}

/** Creates or edits a help article. Its HTML is sanitised before it is stored. */
export async function saveHelpArticle(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'roles'> | null,
  input: HelpArticleInput,
): Promise<HelpArticle> {
  const { db, clock } = deps;
  if (actor) assertOperator(actor);
  const now = clock.now();
  const values = {
    language: input.language,
    title: input.title.trim(),
    content: sanitizeHtml(input.content),
    sort: input.sort ?? 0,
    updatedAt: now,
  };
  if (input.id !== undefined) {
    const [row] = await db
      .update(helpArticles)
      .set(values)
      .where(eq(helpArticles.id, input.id))
      .returning();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    return toArticle(row);
  }
  const [row] = await db
    .insert(helpArticles)
    .values({ ...values, createdAt: now })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return toArticle(row);
}

/** The help articles of a language in their order, one page. */
export async function listHelpArticles(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  query: HelpListQuery & { language: Language },
): Promise<HelpPage> {
  const { db } = deps;
  const { language } = query;
  const where = eq(helpArticles.language, language);
  const page = keyset(
    [
      { column: helpArticles.sort, order: 'asc' },
      { column: helpArticles.id, order: 'asc' },
    ],
    query,
  );
  const [found, [total]] = await Promise.all([
    db
      .select({ article: helpArticles, cursorKey: page.key })
      .from(helpArticles)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(helpArticles).where(where),
  ]);
  const { rows, next, previous } = page.finish(found);
  return {
    records: rows.map((row) => toArticle(row.article)),
    total: total?.value ?? 0,
    next,
    previous,
  };
}

/** One article, in whichever language it was written. */
export async function getHelpArticle(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  id: number,
): Promise<HelpArticle> {
  const { db } = deps;
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id)).limit(1);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toArticle(row);
}

type RouteTitleKey = keyof typeof enCommon.routes;

/** The console's route titles (locales/<lng>/common.json `routes.*`), the words the sidebar shows. */
const ROUTE_TITLES: Record<Language, Record<RouteTitleKey, string>> = {
  zh: zhCommon.routes,
  th: thCommon.routes,
  en: enCommon.routes,
};

/**
 * The menus a search can find: each granted url (shared/permissions.ts) with its title key and
 * the keys of its parent groups. Detail and result pages are left out: they need an object to
 * show and are reached from their lists.
 */
const SEARCHABLE_MENUS: Readonly<
  Record<string, { title: RouteTitleKey; parents: RouteTitleKey[] }>
> = {
  '/cmpDashboard': { title: 'dashboard', parents: [] },
  '/pay/recharge': { title: 'recharge', parents: ['pay'] },
  '/product/thirdProductList': { title: 'thirdProductList', parents: ['product'] },
  '/product/collectorList': { title: 'collectorList', parents: ['product'] },
  '/order/serviceProgress': { title: 'serviceProgress', parents: ['order'] },
  '/thirdPartyPlatform/orderManage': { title: 'orderManage', parents: ['thirdPartyPlatform'] },
  '/thirdPartyPlatform/returnManage': { title: 'returnManage', parents: ['thirdPartyPlatform'] },
  '/thirdPartyPlatform/authorizeList': { title: 'shops', parents: ['thirdPartyPlatform'] },
  '/thirdPartyPlatform/platformProductManage': {
    title: 'platformProductManage',
    parents: ['thirdPartyPlatform'],
  },
  '/purchaseAndWarehouse/purchaseManage': {
    title: 'purchaseManage',
    parents: ['purchaseAndWarehouse'],
  },
  '/purchaseAndWarehouse/warehouseManage': {
    title: 'warehouseManage',
    parents: ['purchaseAndWarehouse'],
  },
  '/other/historyMoney': { title: 'historyMoney', parents: ['other'] },
  '/other/couponCenter': { title: 'couponCenter', parents: ['other'] },
  '/service/serviceMarket': { title: 'serviceMarket', parents: ['service'] },
  '/account/accountSetting': { title: 'accountSetting', parents: ['account'] },
  '/account/accountManage': { title: 'accountManage', parents: ['account'] },
  '/account/messageSubscribe': { title: 'messageSubscribe', parents: ['account'] },
  '/account/messageCenter': { title: 'messageCenter', parents: ['account'] },
};

/** The menus the actor holds (its routerInfoList) whose translated title contains the keyword. */
function searchMenus(actor: Actor, language: Language, keyword: string): MenuHit[] {
  const titles = ROUTE_TITLES[language];
  const needle = keyword.toLocaleLowerCase();
  return actor.routes.flatMap((route) => {
    const menu = SEARCHABLE_MENUS[route.url];
    if (!menu) return [];
    const name = titles[menu.title];
    if (!name.toLocaleLowerCase().includes(needle)) return [];
    return [{ name, url: route.url, parents: menu.parents.map((key) => titles[key]) }];
  });
}

/** An article's content as text (tags out, the entities a serialiser writes decoded), in SQL. */
const plainContent = sql`replace(replace(replace(replace(regexp_replace(${helpArticles.content}, '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&amp;', '&')`;

/** The same, in JavaScript, for the excerpt. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Characters of context on each side of the match in an excerpt. */
const EXCERPT_CONTEXT = 40;

function excerptOf(html: string, keyword: string): string {
  const text = plainText(html);
  const at = text.toLocaleLowerCase().indexOf(keyword.toLocaleLowerCase());
  if (at < 0)
    return text.length > EXCERPT_CONTEXT * 2 ? `${text.slice(0, EXCERPT_CONTEXT * 2)}…` : text;
  const start = Math.max(0, at - EXCERPT_CONTEXT);
  const end = Math.min(text.length, at + keyword.length + EXCERPT_CONTEXT);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** A LIKE pattern that matches the keyword literally. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Articles shown for one search. */
const SEARCH_LIMIT = 20;

/**
 * GET /user-center/helpcenter/keyword/serch: articles of the reader's language whose title or
 * text contains the keyword (title matches first), and the menus the actor holds whose title does.
 */
export async function searchHelp(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: { keyword: string; language: Language },
): Promise<HelpSearchResult> {
  const { db } = deps;
  const { keyword, language } = input;
  const needle = keyword.trim();
  if (!needle) return { helpCenterList: [], sysMenuList: [] };
  const pattern = containing(needle);
  const inTitle: SQL = sql`${helpArticles.title} ilike ${pattern}`;
  const rows = await db
    .select()
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.language, language),
        sql`(${inTitle} or ${plainContent} ilike ${pattern})`,
      ),
    )
    .orderBy(
      sql`case when ${inTitle} then 0 else 1 end`,
      asc(helpArticles.sort),
      asc(helpArticles.id),
    )
    .limit(SEARCH_LIMIT);
  const helpCenterList: HelpHit[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.content, needle),
  }));
  return { helpCenterList, sysMenuList: searchMenus(actor, language, needle) };
}
