/**
 * IntersectionObserver for jsdom, which has none: the test says when an element comes on screen
 * (`showOnScreen`), as a browser's observer would report it after scrolling.
 */
type Callback = (entries: Pick<IntersectionObserverEntry, 'target' | 'isIntersecting'>[], observer: FakeIntersectionObserver) => void;

export class FakeIntersectionObserver {
  static readonly live = new Set<FakeIntersectionObserver>();
  readonly targets = new Set<Element>();
  constructor(private readonly callback: Callback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
}

/** Reports `element` on screen to every observer watching it. */
export function showOnScreen(element: Element): void {
  for (const observer of [...FakeIntersectionObserver.live]) {
    if (observer.targets.has(element)) (observer as unknown as { callback: Callback }).callback([{ target: element, isIntersecting: true }], observer);
  }
}

export function installIntersectionObserver(): () => void {
  const previous = (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  return () => {
    FakeIntersectionObserver.live.clear();
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = previous;
  };
}
