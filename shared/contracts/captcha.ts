import * as z from 'zod/mini';

/** A slider puzzle: drag the piece along its row until it fills the gap in the picture. */
export const SliderChallengeSchema = z.object({
  id: z.string(),
  width: z.int(),
  height: z.int(),
  pieceSize: z.int(),
  pieceY: z.int(),
  background: z.string(),
  piece: z.string(),
  expiresInSeconds: z.int(),
});
export type SliderChallenge = z.infer<typeof SliderChallengeSchema>;

/** Where the piece was let go, and how it got there: [milliseconds since the drag began, x]. */
export const SliderVerifyRequestSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  x: z.number().check(z.minimum(0), z.maximum(1000)),
  trail: z.array(z.tuple([z.number(), z.number()])).check(z.maxLength(1000)),
});
export type SliderVerifyRequest = z.infer<typeof SliderVerifyRequestSchema>;

/** A solved slider: a single-use token that lets one verification code be sent. */
export const CaptchaTokenSchema = z.object({ captchaToken: z.string(), expiresInSeconds: z.int() });
