import { expect } from 'vitest';
import type { TestApp } from './app';

interface ConsentForm {
  action: string;
  fields: Record<string, string>;
}

/** The POST forms of a sandbox consent page, with their hidden fields. */
function formsOf(html: string): ConsentForm[] {
  const forms: ConsentForm[] = [];
  for (const match of html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? '').matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
    ))
      fields[decode(input[1] ?? '')] = decode(input[2] ?? '');
    forms.push({ action: decode(match[1] ?? ''), fields });
  }
  return forms;
}

const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * A seller on the sandbox's consent page: opens the link, logs in as `sellerId` (Lazada: after
 * choosing `country`), or refuses; answers where the platform sent the browser back.
 */
export async function consentAt(
  t: TestApp,
  url: string,
  choice: { sellerId: string; country?: string } | { deny: true },
  language = 'en',
): Promise<URL> {
  const page = await t.sandbox.fetch(
    new Request(url, { headers: { 'accept-language': language } }),
  );
  const html = await page.text();
  expect(page.status, html.slice(0, 300)).toBe(200);
  const forms = formsOf(html);
  const form =
    'deny' in choice
      ? forms.find((candidate) => candidate.action.endsWith('/deny'))
      : forms.find((candidate) => candidate.fields.sellerId === choice.sellerId);
  if (!form) throw new Error(`no such form on ${url}: ${JSON.stringify(choice)}`);
  const fields = { ...form.fields };
  if ('country' in choice && choice.country) fields.country = choice.country;
  const answer = await t.sandbox.fetch(
    new Request(new URL(form.action, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    }),
  );
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location)
    throw new Error(`consent answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  return new URL(location);
}

/** What the console's callback page posts: the query the platform sent back. */
export function callbackBody(back: URL): Record<string, string> {
  const keep = ['state', 'code', 'shop_id', 'main_account_id', 'error'];
  return Object.fromEntries([...back.searchParams].filter(([name]) => keep.includes(name)));
}
