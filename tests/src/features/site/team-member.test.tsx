import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../../../../src/content/team';
import { renderApp } from '../../../helpers/render-app';

describe('team member detail (/about/{slug})', () => {
  it.each(teamMembers.map((m) => [m.slug, m] as const))('shows every field of the %s profile', async (_slug, member) => {
    await renderApp(`/about/${member.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: member.name })).toBeInTheDocument();
    expect(screen.getByText(member.intro)).toBeInTheDocument();
    expect(screen.getByText(member.highlight)).toBeInTheDocument();
    expect(screen.getAllByText(member.designation).length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: `Portrait of ${member.name}` })).toHaveAttribute('src', member.imageUrl);
    for (const detail of member.details) {
      expect(screen.getByRole('heading', { name: detail.title })).toBeInTheDocument();
      expect(screen.getByText(detail.description)).toBeInTheDocument();
    }
  });

  it('shows Team Member Not Found and a Back to Team List link to / for an unknown slug', async () => {
    const { user, router } = await renderApp('/about/no-such-person');
    expect(await screen.findByRole('heading', { name: 'Team Member Not Found' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Team List' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Empowering Surgeons, Advancing Healthcare' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('replaces a photo that fails to load with a placeholder', async () => {
    const member = teamMembers[0]!;
    await renderApp(`/about/${member.slug}`);
    const photo = await screen.findByRole('img', { name: `Portrait of ${member.name}` });
    expect(photo.tagName).toBe('IMG');
    fireEvent.error(photo);
    const placeholder = await screen.findByTestId('image-placeholder');
    expect(placeholder).toHaveAccessibleName(`Portrait of ${member.name}`);
    expect(screen.queryByRole('img', { name: `Portrait of ${member.name}` })?.tagName).not.toBe('IMG');
  });
});

describe('about (/about)', () => {
  it('links each visionary to its profile and READ MORE to the timeline', async () => {
    await renderApp('/about');
    await screen.findByRole('heading', { level: 2, name: 'Meet Our Visionaries' });
    for (const member of teamMembers) {
      expect(screen.getByRole('link', { name: new RegExp(member.name) })).toHaveAttribute('href', `/about/${member.slug}`);
    }
    expect(screen.getByRole('link', { name: 'READ MORE' })).toHaveAttribute('href', '#timeline');
    expect(document.getElementById('timeline')).not.toBeNull();
    expect(document.querySelectorAll('#timeline li')).toHaveLength(8);
    expect(screen.getByText('12+')).toBeInTheDocument();
    expect(screen.getByText('100+')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Facilities' })).toBeInTheDocument();
  });
});
