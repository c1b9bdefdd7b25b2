import type { SessionSnapshot } from '../contracts/session';

/** Nobody signed in, and nothing newer than anything else. Kept apart from the schemas so boot code need not load zod. */
export const SIGNED_OUT: SessionSnapshot = { session: null, updatedAt: 0 };
