import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { facilities, milestones } from '../../../src/content/about';
import { contactDetails, featureCards, products, statistics, testimonials } from '../../../src/content/institute';
import { innovations } from '../../../src/content/innovations';
import { newsPosts } from '../../../src/content/news-posts';
import { teamMembers } from '../../../src/content/team';
import { courseIncludes, courses, fees, formatInr, recognisedBy } from '../../../src/content/training';

const PUBLIC = path.resolve(__dirname, '../../../public');

function allImageUrls(): string[] {
  return [
    ...products.map((p) => p.imageUrl),
    ...teamMembers.map((m) => m.imageUrl),
    ...courses.map((c) => c.image.src),
    ...recognisedBy.map((l) => l.imageUrl),
    ...innovations.flatMap((i) => i.imageUrls),
    ...newsPosts.flatMap((post) => [
      post.MainImage,
      ...post.content.flatMap((block) => (block.Type === 'BannerImage' ? [block.url] : block.Type === 'Gallery' ? block.images.map((i) => i.imageUrl) : [])),
    ]),
    '/images/hero-theatre.svg',
    '/images/team-banner.svg',
    '/images/history.svg',
  ];
}

describe('institute content', () => {
  it('has 18 news posts with integer ids 0 to 17, each with a title, a main image and blocks', () => {
    expect(newsPosts.map((p) => p.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    for (const post of newsPosts) {
      expect(post.Title.length).toBeGreaterThan(10);
      expect(post.MainImage).toMatch(/^\/images\//);
      expect(post.content.length).toBeGreaterThan(0);
      expect(post.content.some((b) => b.Type === 'Text')).toBe(true);
    }
  });

  it('covers conferences and workshops from 1999 to 2019 with dates and venues in the headers', () => {
    const headers = newsPosts
      .map((post) => post.content.find((b) => b.Type === 'Text' && b.Header))
      .map((b) => (b && b.Type === 'Text' ? (b.Header ?? '') : ''));
    const years = headers.map((h) => Number(/\b(19|20)\d{2}\b/.exec(h)?.[0]));
    expect(Math.min(...years)).toBe(1999);
    expect(Math.max(...years)).toBe(2019);
    for (const header of headers) expect(header).toMatch(/·/);
    const titles = newsPosts.map((p) => p.Title).join('\n');
    expect(titles).toMatch(/Hernia Workshop/);
    expect(titles).toMatch(/Live Operative Workshop/);
    expect(titles).toMatch(/Bariatric .*Conclave/);
    expect(titles).toMatch(/Telesurgery.*2003/);
    expect(titles).toMatch(/Human–Machine Interface.*2004/);
  });

  it('has the fee table of spec §9 in Indian digit grouping', () => {
    expect(fees.map((row) => [row.programme, formatInr(row.feeInr)])).toEqual([
      ['10 Days', '60,000'],
      ['1 Month', '90,000'],
      ['3 Months', '2,50,000'],
      ['6 Months', '4,00,000'],
      ['1 Year', '6,00,000'],
      ['Bariatric surgery course (3 days)', '50,000'],
      ['Hernia surgery course (3 days)', '50,000'],
    ]);
  });

  it('has the four courses with the durations of spec §9', () => {
    expect(courses.map((c) => c.durationDays)).toEqual([10, 2, 3, 3]);
    for (const course of courses) expect(course.description).toContain(`Duration: ${course.durationDays} day`);
    expect(courseIncludes).toHaveLength(6);
    expect(recognisedBy.map((l) => l.abbreviation)).toEqual(['RGUHS', 'IAGES', 'HSI', 'APHS', 'FOGSI']);
  });

  it('has the five innovations, alternating sides, at least one without images', () => {
    expect(innovations).toHaveLength(5);
    const titles = innovations.map((i) => i.title.toLowerCase()).join('\n');
    for (const word of ['paradoxical', 'periscope', 'endotrainer', 'pulsatile', 'virtual reality']) expect(titles).toContain(word);
    innovations.slice(1).forEach((innovation, i) => expect(innovation.imagePosition).not.toBe(innovations[i]!.imagePosition));
    expect(innovations.some((i) => i.imageUrls.length === 0)).toBe(true);
    expect(innovations.some((i) => /<ul>/.test(i.description))).toBe(true);
  });

  it('has three role-based team profiles and eight milestones', () => {
    expect(teamMembers.map((m) => m.slug)).toEqual(['founder-chairman', 'chairman', 'director']);
    for (const member of teamMembers) expect(member.details.length).toBeGreaterThan(0);
    expect(milestones).toHaveLength(8);
    expect(milestones[0]!.period).toBe('1998');
    expect(milestones.at(-1)!.text).toMatch(/2000/);
    expect(facilities).toEqual([
      { value: '12+', label: 'Experience' },
      { value: '100+', label: 'People' },
    ]);
  });

  it('has the home page figures, features, prices and testimonials', () => {
    expect(statistics.map((s) => s.value)).toEqual(expect.arrayContaining(['2000+', '6+']));
    expect(featureCards).toHaveLength(4);
    expect(products.map((p) => [p.price, p.link])).toEqual([
      [9.99, '/books/'],
      [19.99, null],
      [99.99, null],
    ]);
    expect(testimonials.length).toBeGreaterThan(1);
    expect(contactDetails.mapEmbedUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/embed\?/);
  });

  it('only references images that ship in public/, each SVG with its width and height', () => {
    for (const url of new Set(allImageUrls())) {
      const file = path.join(PUBLIC, url);
      expect(existsSync(file), url).toBe(true);
      if (url.endsWith('.svg')) {
        const head = readFileSync(file, 'utf8').slice(0, 300);
        expect(head, url).toMatch(/<svg[^>]* width="\d+" height="\d+"/);
      }
    }
  });

  it('contains no placeholder Latin text', () => {
    const text = JSON.stringify({ newsPosts, innovations, teamMembers, courses, milestones, testimonials, products });
    expect(text).not.toMatch(/lorem|ipsum/i);
  });
});
