import type { Actor } from '../context';

/**
 * The demo seller as the services see a signed-in main account: the story is told through the
 * same services its requests use, so it acts as the seller would (without a session).
 */
export function sellerActor(userId: string): Actor {
  return {
    userId,
    sessionId: 'seed',
    roles: ['BUYER'],
    parentId: null,
    ownerId: userId,
    isMain: true,
    routes: [],
    shopIds: null,
  };
}
