import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The attribute of the <style> element the build writes for emotion's styles of a page's markup,
 * with their names (`css <name> <name> …`, as emotion's own `data-emotion` would say): one in
 * <head> of every prerendered page and of index.html (the app shell). src/entry-prerender.tsx
 * writes it.
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles';

/**
 * The app's emotion cache, told which styles the page's HTML already holds: rendering a
 * component whose styles came with the HTML compiles and inserts nothing, as after emotion's
 * own hydration. Unlike emotion's hydration, the element stays where it is. Emotion moves
 * each `data-emotion` element it hydrates to the end of <head> (insertBefore, even where it
 * already is), and a <style> element taken out of the document and put back is parsed again:
 * the shell's 65 KB of CSS, on a phone's slow CPU, as the app started. The element carries no
 * `data-emotion` attribute, so emotion's default cache leaves it alone too.
 */
export function createAppEmotionCache(): EmotionCache {
  const sent = document.querySelectorAll<HTMLStyleElement>(`style[${PRERENDERED_STYLES}]`);
  const last = sent[sent.length - 1];
  // The styles emotion inserts go after it, so they come later in the cascade than every style
  // the HTML brought, as they would after emotion's hydration.
  const cache = createCache({ key: 'css', ...(last?.parentNode ? { container: last.parentNode, insertionPoint: last } : {}) });
  for (const element of sent) {
    const [key, ...names] = (element.getAttribute(PRERENDERED_STYLES) ?? '').split(' ');
    if (key !== cache.key) continue;
    for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
