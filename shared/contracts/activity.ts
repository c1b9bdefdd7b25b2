import * as z from 'zod/mini';

/** The pages the activity tracker watches, by the last segment of their path (spec section 4). */
export const ACTIVITY_PAGES = [
  'thirdProductList',
  'thirdDetails',
  'collectorList',
  'orderManage',
  'returnManage',
  'serviceProgress',
] as const;
export type ActivityPage = (typeof ACTIVITY_PAGES)[number];

/** One report per window of this length (spec section 9: 5 s). */
export const ACTIVITY_INTERVAL_MS = 5_000;

/** Upper bound of a counter in one report: far above what a person does in a window. */
export const ACTIVITY_MAX_COUNT = 10_000;

/** POST /api-user/public/event/save: what one window on a watched page saw. */
export const ActivityReportSchema = z.object({
  page: z.enum(ACTIVITY_PAGES),
  /** Seconds the page was visible during the window. */
  seconds: z.int().check(z.minimum(0), z.maximum(60)),
  clicks: z.int().check(z.minimum(0), z.maximum(ACTIVITY_MAX_COUNT)),
  scrolls: z.int().check(z.minimum(0), z.maximum(ACTIVITY_MAX_COUNT)),
  /** Whether the user clicked or scrolled during the window. */
  active: z.boolean(),
});
export type ActivityReport = z.infer<typeof ActivityReportSchema>;
