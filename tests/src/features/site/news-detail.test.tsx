import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newsPosts } from '../../../../src/content/news-posts';
import { renderApp } from '../../../helpers/render-app';

const first = newsPosts[0]!;
const second = newsPosts[1]!;
const last = newsPosts[newsPosts.length - 1]!;

function postNavigation() {
  return within(screen.getByRole('navigation', { name: 'More posts' }));
}

describe('news detail (/news-updates/{postId})', () => {
  it('shows the post title in the hero and renders its blocks in order', async () => {
    await renderApp(`/news-updates/${second.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: second.Title })).toBeInTheDocument();
    expect(screen.getByText('Live TAPP and TEP repairs')).toBeInTheDocument();
    const headers = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headers.indexOf('24–26 August 2018 · Institute skills laboratory, Bengaluru')).toBeLessThan(headers.indexOf('Supported by the hernia societies'));
    expect(screen.getByRole('img', { name: 'Delegates practising mesh placement' })).toBeInTheDocument();
  });

  it('hides Previous on the first post and links Next to the second', async () => {
    await renderApp(`/news-updates/${first.id}`);
    await screen.findByRole('heading', { level: 1, name: first.Title });
    expect(postNavigation().queryByRole('link', { name: /^Previous/ })).not.toBeInTheDocument();
    expect(postNavigation().getByRole('link', { name: /^Next/ })).toHaveAttribute('href', `/news-updates/${second.id}`);
  });

  it('hides Next on the last post and links Previous to the one before it', async () => {
    await renderApp(`/news-updates/${last.id}`);
    await screen.findByRole('heading', { level: 1, name: last.Title });
    expect(postNavigation().queryByRole('link', { name: /^Next/ })).not.toBeInTheDocument();
    const before = newsPosts[newsPosts.length - 2]!;
    expect(postNavigation().getByRole('link', { name: /^Previous/ })).toHaveAttribute('href', `/news-updates/${before.id}`);
  });

  it('moves through the posts with Next and Previous', async () => {
    const { user, router } = await renderApp(`/news-updates/${first.id}`);
    await screen.findByRole('heading', { level: 1, name: first.Title });
    await user.click(postNavigation().getByRole('link', { name: /^Next/ }));
    expect(await screen.findByRole('heading', { level: 1, name: second.Title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/news-updates/${second.id}`);
    await user.click(postNavigation().getByRole('link', { name: /^Previous/ }));
    expect(await screen.findByRole('heading', { level: 1, name: first.Title })).toBeInTheDocument();
  });

  it('goes back to the list with Back to All Posts', async () => {
    const { user, router } = await renderApp(`/news-updates/${second.id}`);
    await screen.findByRole('heading', { level: 1, name: second.Title });
    await user.click(screen.getByRole('link', { name: 'Back to All Posts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news-updates'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Blog' })).toBeInTheDocument();
  });

  it.each(['18', '99', '-1', 'abc', 'x5'])('shows Post not found! for the id %s', async (id) => {
    await renderApp(`/news-updates/${id}`);
    expect(await screen.findByRole('heading', { name: 'Post not found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Posts' })).toHaveAttribute('href', '/news-updates');
  });

  it('parses the id as an integer, like parseInt', async () => {
    await renderApp('/news-updates/3abc');
    expect(await screen.findByRole('heading', { level: 1, name: newsPosts[3]!.Title })).toBeInTheDocument();
  });

  it('strips scripts and event handlers from the text blocks', async () => {
    await renderApp(`/news-updates/${first.id}`);
    await screen.findByRole('heading', { level: 1, name: first.Title });
    expect(document.querySelector('main script, main [onerror], main [onclick]')).toBeNull();
  });
});

describe('news list (/news-updates)', () => {
  it('shows the hero, Blog and one card per post linking to its detail page', async () => {
    await renderApp('/news-updates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empowering Surgeons, Advancing Healthcare' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Blog' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(18);
    cards.forEach((card, i) => {
      expect(within(card).getByText('CONFERENCES & WORKSHOPS')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: `Read more: ${newsPosts[i]!.Title}` })).toHaveAttribute('href', `/news-updates/${newsPosts[i]!.id}`);
    });
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Learn More about our training programs' })).toHaveAttribute('href', '/training-programs');
  });
});
