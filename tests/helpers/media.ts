/**
 * A controllable window.matchMedia for jsdom: width queries are answered from window.innerWidth,
 * `prefers-reduced-motion: reduce` from `setPrefersReducedMotion`.
 */
let reducedMotion = false;

export function setPrefersReducedMotion(value: boolean): void {
  reducedMotion = value;
}

function evaluate(query: string): boolean {
  return query
    .split(',')
    .some((part) =>
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
    value: (query: string): MediaQueryList => ({
      media: query,
      matches: evaluate(query),
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
