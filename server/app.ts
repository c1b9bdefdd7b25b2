import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { type AppConfig, defaultConfig } from './config';
import type { AppDeps, AppEnv } from './context';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { AppError } from './lib/errors';
import { createLogger, type Logger } from './lib/logger';
import { errorHandler, notFound } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { createAuthRoutes } from './modules/auth/auth.routes';
import { createSitesRoutes } from './modules/sites/sites.routes';
import { createUsersRoutes } from './modules/users/users.routes';
import { mountStatic } from './static';

export interface CreateAppOptions {
  db: Database;
  clock?: Clock;
  config?: Partial<AppConfig>;
  logger?: Logger;
}

/** The whole HTTP application. server/index.ts listens with it; tests call app.request() on it. */
export function createApp(options: CreateAppOptions) {
  const deps: AppDeps = {
    db: options.db,
    clock: options.clock ?? systemClock,
    config: { ...defaultConfig, ...options.config },
    logger: options.logger ?? createLogger(),
  };

  const app = new Hono<AppEnv>();
  app.use(requestContext);
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  app.use(compress());
  app.use(
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
  );

  app.route('/', createAuthRoutes(deps));
  app.route('/', createUsersRoutes(deps));
  app.route('/', createSitesRoutes(deps));
  mountStatic(app, { consoleDir: deps.config.consoleDir, extensionZip: deps.config.extensionZip });

  app.notFound(notFound);
  app.onError(errorHandler(deps));
  return app;
}
