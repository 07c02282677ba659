/**
 * DOMPurify for the build's prerender (Node has no DOM): the same library on a jsdom window, so
 * the prerendered news and innovation texts are sanitised exactly as the browser sanitises them.
 * build/prerender.ts resolves `dompurify` to this module in the Node build only.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export default createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
