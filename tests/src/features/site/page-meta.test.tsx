import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institute } from '../../../../src/content/institute';
import { renderApp } from '../../../helpers/render-app';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');

describe('search-result basics of the public pages', () => {
  it('gives every public page its own title, description and canonical address', async () => {
    const pages = [
      ['/', 'Empowering Surgeons, Advancing Healthcare'],
      ['/about', null],
      ['/training-programs', null],
      ['/news-updates', null],
      ['/news-updates/0', null],
      ['/innovations', null],
      ['/contacts', 'Contact Us'],
      ['/about/founder-chairman', null],
    ] as const;
    const seen = new Set<string>();
    for (const [path, heading] of pages) {
      const { router, unmount } = await renderApp(path);
      await screen.findByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
      await waitFor(() => expect(canonical()).toBe(`${window.location.origin}${path}`));
      const text = description() ?? '';
      expect(text.length, path).toBeGreaterThan(50);
      expect(text.length, path).toBeLessThanOrEqual(160);
      expect(seen.has(text), `${path} repeats another page's description`).toBe(false);
      seen.add(text);
      expect(document.title.length, path).toBeGreaterThan(10);
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it("puts the site's description back and drops the canonical address on a page without its own, even after a prerendered page", async () => {
    // A prerendered page's HTML carries its own description and canonical address.
    document.head.querySelector('meta[name="description"]')?.remove();
    document.head.append(Object.assign(document.createElement('meta'), { name: 'description', content: 'Hands-on laparoscopic surgery courses.' }));
    document.head.append(Object.assign(document.createElement('link'), { rel: 'canonical', href: '/training-programs' }));
    const { router } = await renderApp('/training-programs');
    await screen.findByRole('heading', { level: 1, name: 'Training Programs' });
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/training-programs`));
    await router.navigate({ to: '/login' });
    await screen.findByRole('heading', { level: 1, name: /login/i });
    await waitFor(() => expect(description()).toBe(institute.description));
    expect(canonical()).toBeUndefined();
  });

  it('summarises a news post from its own text', async () => {
    await renderApp('/news-updates/0');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(description()).toMatch(/^Three days of live surgery/));
    expect(description()).not.toMatch(/</);
  });
});
