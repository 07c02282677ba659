/** The one part of jsdom (shipped without types) the build uses: a window for DOMPurify. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window;
  }
}
