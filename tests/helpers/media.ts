/**
 * A controllable window.matchMedia for jsdom: width queries are answered from window.innerWidth
 * (`setScreenWidth`), `prefers-reduced-motion: reduce` from `setPrefersReducedMotion`.
 */
let reducedMotion = false;

/** The `change` listeners of every media query list handed out, with the query each answers. */
type Listener = (event: Pick<MediaQueryListEvent, 'matches' | 'media'>) => void;
const listeners = new Map<Listener, string>();

/** A phone's screen width (tests/helpers/browser.ts' PHONE_VIEWPORT). */
export const PHONE_WIDTH = 390;

/** The jsdom window's width; media query lists whose answer it changes tell their listeners, as a browser's do when a window is resized. */
export function setScreenWidth(width: number): void {
  const before = new Map([...listeners].map(([listener, query]) => [listener, evaluate(query)]));
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  for (const [listener, query] of listeners) {
    const matches = evaluate(query);
    if (before.get(listener) !== matches) listener({ matches, media: query });
  }
}

export function setPrefersReducedMotion(value: boolean): void {
  reducedMotion = value;
}

function evaluate(query: string): boolean {
  return query.split(',').some((part) =>
    part
      .split(/\band\b/)
      .map((condition) => condition.trim().replace(/^\(|\)$/g, ''))
      .filter(Boolean)
      .every((condition) => {
        const [feature, rawValue] = condition.split(':').map((s) => s.trim());
        const px = rawValue ? Number.parseFloat(rawValue) : Number.NaN;
        switch (feature) {
          case 'prefers-reduced-motion':
            return (rawValue === 'reduce') === reducedMotion;
          case 'min-width':
            return window.innerWidth >= px;
          case 'max-width':
            return window.innerWidth <= px;
          default:
            return false;
        }
      }),
  );
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) =>
      ({
        media: query,
        // Read afresh, as a browser's list answers for the window's size now.
        get matches() {
          return evaluate(query);
        },
        onchange: null,
        addEventListener: (type: string, listener: Listener) => {
          if (type === 'change') listeners.set(listener, query);
        },
        removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
        addListener: (listener: Listener) => listeners.set(listener, query),
        removeListener: (listener: Listener) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });
}
