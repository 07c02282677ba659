import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { innovations } from '../../../../src/content/innovations';
import { renderApp } from '../../../helpers/render-app';

describe('home (/)', () => {
  it('shows the hero with its two calls to action', async () => {
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empowering Surgeons, Advancing Healthcare' })).toBeInTheDocument();
    expect(screen.getByText('Leaders in Laparoscopic Surgery Training')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Learn More about our training programs' })).toHaveAttribute('href', '/training-programs');
  });

  it('shows history, statistics, four features, testimonials, offerings and contact', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('heading', { level: 2, name: /founded in 1998/ })).toBeInTheDocument();
    expect(screen.getByText('2000+')).toBeInTheDocument();
    expect(screen.getByText('6+')).toBeInTheDocument();
    const features = within(screen.getByRole('region', { name: 'Why train with us' }));
    expect(features.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Testimonials' })).toBeInTheDocument();

    const offerings = within(screen.getByRole('region', { name: 'Offerings' }));
    expect(offerings.getByText('$9.99')).toBeInTheDocument();
    expect(offerings.getByText('$19.99')).toBeInTheDocument();
    expect(offerings.getByText('$99.99')).toBeInTheDocument();
    // Spec: 'Read' goes to /books/; the router writes it without the trailing slash.
    expect(offerings.getByRole('link', { name: /^Read/ }).getAttribute('href')).toMatch(/^\/books\/?$/);
    const comingSoon = offerings.getAllByRole('button', { name: 'Coming Soon' });
    expect(comingSoon).toHaveLength(2);
    for (const button of comingSoon) expect(button).toBeDisabled();

    const contact = within(screen.getByRole('region', { name: 'Contact us' }));
    for (const title of ['Address', 'Phone', 'Mail']) expect(contact.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(contact.getByTitle("Map showing the institute's location")).toBeInTheDocument();
    expect(await contact.findByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });

  it('loads images below the fold lazily and gives every image its size', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const images = Array.from(document.querySelectorAll('main img'));
    expect(images.length).toBeGreaterThan(1);
    // The hero's image is the largest paint: fetched first, at high priority; the rest lazily.
    const [hero, ...rest] = images;
    expect(hero!.closest('[data-testid="page-hero"]')).not.toBeNull();
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).not.toHaveAttribute('loading', 'lazy');
    expect(hero).toHaveAttribute('alt', '');
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    for (const img of rest) expect(img).toHaveAttribute('loading', 'lazy');
  });
});

describe('training programs (/training-programs)', () => {
  it('shows the recognitions, what a course includes, four courses and the fee table', async () => {
    await renderApp('/training-programs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Training Programs' })).toBeInTheDocument();
    for (const name of ['RGUHS', 'IAGES', 'HSI', 'APHS', 'FOGSI']) {
      expect(screen.getByRole('img', { name: new RegExp(`^${name} — `) })).toBeInTheDocument();
    }
    for (const item of [
      'Didactic sessions and telelectures',
      'Hands-on training',
      'Video demonstration',
      'Live surgical demonstration',
      'Panel discussion',
      'Assisting laparoscopic surgery',
    ]) {
      expect(screen.getByRole('heading', { name: item })).toBeInTheDocument();
    }
    const enrol = screen.getAllByRole('link', { name: /^Enrol Now/ });
    expect(enrol).toHaveLength(4);
    for (const link of enrol) expect(link).toHaveAttribute('href', '/register');

    const table = screen.getByRole('table', { name: 'Course fees' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['10 Days', '60,000'],
      ['1 Month', '90,000'],
      ['3 Months', '2,50,000'],
      ['6 Months', '4,00,000'],
      ['1 Year', '6,00,000'],
      ['Bariatric surgery course (3 days)', '50,000'],
      ['Hernia surgery course (3 days)', '50,000'],
    ]);
    expect(screen.getByText(/18% GST applicable/)).toBeInTheDocument();
  });
});

describe('innovations (/innovations)', () => {
  it('shows the home hero and one section per innovation, alternating image sides', async () => {
    await renderApp('/innovations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Empowering Surgeons, Advancing Healthcare' })).toBeInTheDocument();
    for (const innovation of innovations) {
      const section = screen.getByRole('region', { name: innovation.title });
      expect(section).toHaveAttribute('data-image-position', innovation.imageUrls.length ? innovation.imagePosition : 'none');
      expect(within(section).queryAllByRole('img')).toHaveLength(innovation.imageUrls.length);
    }
    expect(screen.getByText('Adjustable rate and pressure').closest('ul')).not.toBeNull();
  });
});
