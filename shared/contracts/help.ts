import * as z from 'zod/mini';
import { LANGUAGES } from './languages';
import { RICH_TEXT_MAX_LENGTH } from './notices';
import { KeysetPageShape, KeysetQueryShape } from './paging';

/** A help-centre article. `content` is HTML, sanitised on save and again on render. */
export const HelpArticleSchema = z.object({
  id: z.int(),
  title: z.string(),
  content: z.string(),
  sort: z.int(),
  /** ISO 8601 instant. */
  updateTime: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

/** GET /user-center/helpcenter/list/size: page 1, limit 10 by default (spec section 9). */
export const HelpListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 10),
});
export type HelpListQuery = z.infer<typeof HelpListQuerySchema>;
export const HelpPageSchema = z.object({
  records: z.array(HelpArticleSchema),
  total: z.int(),
  ...KeysetPageShape,
});
export type HelpPage = z.infer<typeof HelpPageSchema>;

/** GET /api-user/test/get/helpCenter?id=. */
export const HelpArticleQuerySchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive()),
});

/** GET /user-center/helpcenter/keyword/serch?keyword=. */
export const HelpSearchQuerySchema = z.object({
  keyword: z.string().check(z.trim(), z.maxLength(100)),
});

/** A help article found by a search: its title and a short plain-text excerpt around the match. */
const HelpHitSchema = z.object({ id: z.int(), title: z.string(), excerpt: z.string() });
/** A menu the account holds whose translated title matched: its url, title and parent titles. */
const MenuHitSchema = z.object({
  name: z.string(),
  url: z.string(),
  parents: z.array(z.string()),
});
export type HelpHit = z.infer<typeof HelpHitSchema>;
export type MenuHit = z.infer<typeof MenuHitSchema>;

export const HelpSearchResultSchema = z.object({
  helpCenterList: z.array(HelpHitSchema),
  sysMenuList: z.array(MenuHitSchema),
});
export type HelpSearchResult = z.infer<typeof HelpSearchResultSchema>;

/** POST /user-center/helpcenter/save (operators): a new article, or an edit when `id` is given. */
export const SaveHelpArticleRequestSchema = z.object({
  id: z.optional(z.int().check(z.positive())),
  language: z.enum(LANGUAGES),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  content: z.string().check(z.minLength(1), z.maxLength(RICH_TEXT_MAX_LENGTH)),
  sort: z._default(z.int(), 0),
});
export type SaveHelpArticleRequest = z.input<typeof SaveHelpArticleRequestSchema>;
