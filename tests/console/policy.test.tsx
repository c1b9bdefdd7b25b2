import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';

let current: Awaited<ReturnType<typeof renderConsole>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const en = { policy: readLocale('en', 'policy'), common: readLocale('en', 'common') };

const DOCUMENTS = [
  { kind: 'service', path: '/cmp/servicePolicy', other: en.policy.otherPrivacy },
  { kind: 'privacy', path: '/cmp/secretPolicy', other: en.policy.otherService },
] as const;

/** The section headings of a document, in the order the English file lists them. */
function headings(kind: 'service' | 'privacy'): string[] {
  return Object.values(en.policy[kind].sections).map((section: any) => section.heading);
}

const leaves = (texts: Record<string, string> | undefined) => Object.values(texts ?? {});

describe.each(DOCUMENTS)('$path', ({ kind, path, other }) => {
  it('opens without a session and shows the title, the date, the intro and the links around it', async () => {
    current = await renderConsole(path);
    const doc = en.policy[kind];
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(doc.title);
    expect(window.location.pathname).toBe(path);
    expect(current.session.getState().snapshot.session).toBeNull();
    expect(screen.getByText(doc.updated)).toBeTruthy();
    expect(screen.getByText(doc.intro)).toBeTruthy();
    expect(screen.getByText(en.common.appName)).toBeTruthy();
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    // The bottom links: the other document and the way back to sign in.
    const otherPath = kind === 'service' ? '/cmp/secretPolicy' : '/cmp/servicePolicy';
    expect(screen.getByRole('link', { name: other }).getAttribute('href')).toBe(otherPath);
    expect(screen.getByRole('link', { name: en.policy.backToLogin }).getAttribute('href')).toBe(
      '/cmp/login',
    );
  });

  it('shows every section heading of the locale file, numbered and in order, with its text', async () => {
    current = await renderConsole(path);
    await screen.findByRole('heading', { level: 1 });
    const expected = headings(kind);
    expect(expected.length).toBeGreaterThanOrEqual(9);
    expect(expected.length).toBeLessThanOrEqual(13);
    const shown = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(shown).toEqual(expected.map((heading, index) => `${index + 1}. ${heading}`));
    for (const section of Object.values(en.policy[kind].sections) as any[]) {
      for (const text of [
        ...leaves(section.paragraphs),
        ...leaves(section.items),
        ...leaves(section.after),
      ])
        expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('has a table of contents whose in-page links point at the section headings', async () => {
    current = await renderConsole(path);
    const nav = await screen.findByRole('navigation', { name: en.policy.toc });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(headings(kind));
    const ids = new Set<string>();
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href).toMatch(/^#[\w-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target, href).not.toBeNull();
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toContain(link.textContent);
      // Focusable from script, so following the link by keyboard moves focus to the section.
      expect(target?.getAttribute('tabindex')).toBe('-1');
      ids.add(href);
    }
    expect(ids.size).toBe(links.length);

    // Following a link stays on the page.
    const last = links.at(-1);
    if (!last) throw new Error('no links');
    await userEvent.setup().click(last);
    expect(window.location.pathname).toBe(path);
    expect(window.location.hash).toBe(last.getAttribute('href'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.policy[kind].title);
  });
});

describe('policy pages', () => {
  it('lead from one document to the other and back to sign in', async () => {
    current = await renderConsole('/cmp/servicePolicy');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: en.policy.otherPrivacy }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.policy.privacy.title),
    );
    expect(window.location.pathname).toBe('/cmp/secretPolicy');
    await user.click(screen.getByRole('link', { name: en.policy.otherService }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.policy.service.title),
    );
    await user.click(screen.getByRole('link', { name: en.policy.backToLogin }));
    await screen.findByRole('button', { name: readLocale('en', 'auth').actions.submit });
    expect(window.location.pathname).toBe('/cmp/login');
  });

  it('name the operator, the contact address and the date in both documents', () => {
    for (const kind of ['service', 'privacy'] as const) {
      const text = JSON.stringify(en.policy[kind]);
      expect(text).toContain('support@seller-center.example');
      expect(text).toContain('Seller Center operator');
      expect(en.policy[kind].updated).toContain('21 November 2026');
    }
  });
});
