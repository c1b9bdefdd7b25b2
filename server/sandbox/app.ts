import { Hono } from 'hono';
import { createSandboxMainSite } from './main-site';
import { createSandboxWechat, type SandboxWechatOptions } from './wechat';

/**
 * The local stand-in for the outside platforms (decisions.md): started beside the server when no
 * credentials are configured. It speaks each platform's protocol as the platform does.
 */
export function createSandboxApp(options: SandboxWechatOptions) {
  const app = new Hono();
  app.get('/', (c) =>
    c.text(
      'Sandbox: WeChat (Open Platform sign-in, official account QR codes and events), main site.',
    ),
  );
  app.route('/', createSandboxWechat(options));
  app.route('/', createSandboxMainSite());
  return app;
}
