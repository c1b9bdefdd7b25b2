import { describeEveryRouteAsEveryActor } from '../support/actor-matrix';
import { createProductionTestApp } from '../support/app';

/**
 * Every declared route as each of the accounts world's five actors on the app as a production
 * server builds it without the sandbox (every channel with credentials for its real platform,
 * outbound calls that reach no one): ./authorization-actors.test.ts on the sandbox app.
 */
describeEveryRouteAsEveryActor('a production app without sandbox', () => createProductionTestApp());
