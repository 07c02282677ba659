import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

export interface PageMetaProps {
  /** The page's own title; the institute's name is added by the caller. */
  title: string;
  /** One or two sentences for search results (about 150 characters). */
  description: string;
}

/** Text without markup, cut at a word to about `max` characters: a search-result summary. */
export function summary(text: string, max = 155): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 3).replace(/\s+\S*$/, '')}…` : plain;
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

/**
 * The page's title, meta description and canonical address (this page's path on this
 * origin). index.html carries the site's description for the first response; each public
 * page replaces it with its own, and puts it back when it closes.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = headElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }));
    const canonical = headElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
    const previous = { description: meta.content, canonical: canonical.href };
    meta.content = description;
    canonical.href = new URL(pathname, window.location.origin).href;
    return () => {
      meta.content = previous.description;
      canonical.href = previous.canonical;
    };
  }, [description, pathname]);
  return <title>{title}</title>;
}
