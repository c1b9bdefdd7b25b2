import * as z from 'zod/mini';

/** The guided tours: the console's menus (main) and the dashboard's cards. */
export const GUIDES = ['main', 'dashboard'] as const;
export type Guide = (typeof GUIDES)[number];

/** How a tour ended; either way it is never shown again. */
const GUIDE_OUTCOMES = ['finished', 'skipped'] as const;
export type GuideOutcome = (typeof GUIDE_OUTCOMES)[number];

export const GuideRecordRequestSchema = z.object({
  guide: z.enum(GUIDES),
  outcome: z.enum(GUIDE_OUTCOMES),
});
export type GuideRecordRequest = z.infer<typeof GuideRecordRequestSchema>;

/** Each tour's outcome for the signed-in account; null while it has not been finished or skipped. */
export const GuideStatusSchema = z.object({
  main: z.nullable(z.enum(GUIDE_OUTCOMES)),
  dashboard: z.nullable(z.enum(GUIDE_OUTCOMES)),
});
export type GuideStatus = z.infer<typeof GuideStatusSchema>;
