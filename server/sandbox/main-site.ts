import { Hono } from 'hono';
import { html } from 'hono/html';

/**
 * The main site's stand-in (home, buy-for-me search, cart, help centre), so the console's header
 * and sidebar links lead somewhere when no main site is configured.
 */
export function createSandboxMainSite() {
  const app = new Hono();
  const page = (title: string, body: unknown) => html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1f2329; }
          header { background: #eb5850; color: #fff; padding: 16px 24px; font-weight: 700; }
          main { max-width: 720px; margin: 32px auto; padding: 0 16px; }
          .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 3px #0001; }
          form { display: flex; gap: 8px; margin-top: 16px; }
          input { flex: 1; padding: 8px 12px; border: 1px solid #d0d4da; border-radius: 8px; }
          button { padding: 8px 16px; border: 0; border-radius: 8px; background: #eb5850; color: #fff; }
        </style>
      </head>
      <body>
        <header>Main site · sandbox</header>
        <main><div class="card">${body}</div></main>
      </body>
    </html>`;
  const searchForm = (keyword = '') => html`<form action="/main-site/buyForMe/search">
    <input name="keyword" value="${keyword}" aria-label="Keyword" />
    <button type="submit">Search</button>
  </form>`;

  app.get('/main-site', (c) => c.redirect('/main-site/'));
  app.get('/main-site/', (c) =>
    c.html(
      page(
        'Main site',
        html`<h1>Buy for me</h1><p>Search products from Chinese suppliers.</p>${searchForm()}`,
      ),
    ),
  );
  app.get('/main-site/buyForMe/search', (c) => {
    const keyword = c.req.query('keyword') ?? '';
    return c.html(
      page(
        `Search: ${keyword}`,
        html`<h1>Buy-for-me search</h1>
          <p data-testid="keyword">Results for “${keyword}”</p>
          ${searchForm(keyword)}`,
      ),
    );
  });
  app.get('/main-site/cart', (c) =>
    c.html(page('Cart', html`<h1>Cart</h1><p>Your cart on the main site.</p>`)),
  );
  app.get('/main-site/helpCenter', (c) =>
    c.html(
      page(
        'Help centre',
        html`<h1>Help centre</h1><p>Guides for buying for me, shipping and paying on the main site.</p>`,
      ),
    ),
  );
  return app;
}
