import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { institute } from '../../../content/institute';

export interface PageMetaProps {
  /** The page's own title; the institute's name is added by the caller. */
  title: string;
  /** One or two sentences for search results (about 150 characters). */
  description: string;
}

/** Text without markup, cut at a word to about `max` characters: a search-result summary. */
export function summary(text: string, max = 155): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 3).replace(/\s+\S*$/, '')}…` : plain;
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

/**
 * The page's title, meta description and canonical address (this page's path on this
 * origin). index.html carries the site's description for the first response; each public
 * page replaces it with its own, and puts the site's back (and removes the canonical address)
 * when it closes — also on a prerendered page, whose HTML carries its own.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = headElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }));
    const canonical = headElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
    meta.content = description;
    canonical.href = new URL(pathname, window.location.origin).href;
    // Leaving for a page without PageMeta (/login, the signed-in area): the site's description,
    // and no canonical address (a prerendered page's own would name another page).
    return () => {
      meta.content = institute.description;
      canonical.remove();
    };
  }, [description, pathname]);
  return (
    <>
      <title>{title}</title>
      {/* The build's prerender (src/entry-prerender.tsx) puts these in the page's <head>, so a
          crawler or a phone without the script reads them; in the browser the effect above keeps
          them (and makes the canonical address absolute). */}
      {import.meta.env.SSR && (
        <>
          <meta name="description" content={description} />
          <link rel="canonical" href={pathname} />
        </>
      )}
    </>
  );
}
