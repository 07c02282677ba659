/**
 * What waits for the first page (the session's IndexedDB copy, the service worker, the score
 * sync) runs once main.tsx releases it, in order, each in a task of its own, and at once where
 * nothing holds it.
 */
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPage, firstScreenImages, framePresented, holdUntilFirstPage, releaseFirstPage } from '../../../src/lib/first-page';

describe('afterFirstPage', () => {
  it('runs at once when nothing holds it (a screen rendered on its own)', () => {
    const ran: string[] = [];
    afterFirstPage(() => ran.push('sync'));
    expect(ran).toEqual(['sync']);
  });

  it('waits while the app holds it, then runs each task once, in order, each in a task of its own', async () => {
    const ran: string[] = [];
    holdUntilFirstPage();
    afterFirstPage(() => ran.push('session copy'));
    afterFirstPage(() => ran.push('service worker'));
    afterFirstPage(() => ran.push('score sync'));
    expect(ran).toEqual([]);
    releaseFirstPage();
    // The first one in the task that released them; the others in tasks of their own, after
    // whatever the browser had queued (a tap, a frame).
    expect(ran).toEqual(['session copy']);
    await Promise.resolve();
    expect(ran).toEqual(['session copy']);
    await vi.waitFor(() => expect(ran).toEqual(['session copy', 'service worker', 'score sync']));
    releaseFirstPage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual(['session copy', 'service worker', 'score sync']);
    // Once the page is shown, later tasks (a sign-in's sync) run at once.
    afterFirstPage(() => ran.push('sign-in sync'));
    expect(ran).toEqual(['session copy', 'service worker', 'score sync', 'sign-in sync']);
  });

  it('keeps the order for a task given while the released ones still run, and runs the rest after one that throws', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      holdUntilFirstPage();
      afterFirstPage(() => {
        ran.push('first');
        throw new Error('the session copy failed');
      });
      afterFirstPage(() => ran.push('second'));
      expect(() => releaseFirstPage()).toThrow('the session copy failed');
      afterFirstPage(() => ran.push('given meanwhile'));
      expect(ran).toEqual(['first']);
      await vi.waitFor(() => expect(ran).toEqual(['first', 'second', 'given meanwhile']));
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  it("waits for a task's promise before the next one (the session's copy opens IndexedDB: the next ones' reads came back in that same long task), at most a second", async () => {
    const ran: string[] = [];
    let copied = () => {};
    holdUntilFirstPage();
    afterFirstPage(() => {
      ran.push('session copy');
      return new Promise<void>((resolve) => (copied = resolve));
    });
    afterFirstPage(() => ran.push('score sync'));
    releaseFirstPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Given while the copy is being written: after the others, not at once.
    afterFirstPage(() => ran.push('sign-in sync'));
    expect(ran).toEqual(['session copy']);
    copied();
    await vi.waitFor(() => expect(ran).toEqual(['session copy', 'score sync', 'sign-in sync']));

    // A copy that never finishes (IndexedDB blocked by another tab) holds the others a second, no more.
    const held: string[] = [];
    holdUntilFirstPage();
    afterFirstPage(() => {
      held.push('session copy');
      return new Promise<void>(() => {});
    });
    afterFirstPage(() => held.push('service worker'));
    const releasedAt = Date.now();
    releaseFirstPage();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(held).toEqual(['session copy']);
    await vi.waitFor(() => expect(held).toEqual(['session copy', 'service worker']), { timeout: 2000 });
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(1000);
    // And once the queue has run out, a later task runs at once again.
    afterFirstPage(() => held.push('later'));
    expect(held).toEqual(['session copy', 'service worker', 'later']);
  });
});

describe('firstScreenImages', () => {
  /** An image still loading, at `top` px (the window is 768 px tall in jsdom). */
  function loadingImage(top: number): HTMLImageElement {
    const image = document.createElement('img');
    Object.defineProperty(image, 'complete', { value: false });
    image.getBoundingClientRect = () => ({ top, bottom: top + 400, left: 0, right: 300, width: 300, height: 400, x: 0, y: top, toJSON: () => ({}) });
    document.body.append(image);
    return image;
  }
  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('waits for the images on the first screen (the books list\'s covers), not for those below it', async () => {
    const cover = loadingImage(200);
    const second = loadingImage(700);
    loadingImage(2000); // further down the list: not waited for
    const wait = settled(firstScreenImages(3000));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(wait.done).toBe(false);
    cover.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(wait.done).toBe(false);
    // A broken image counts as settled: the page shows its placeholder.
    second.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(wait.done).toBe(true));
    document.body.replaceChildren();
  });

  it('waits until a loaded image on the first screen is decoded, ready to be painted (a cover the starter preloaded)', async () => {
    const cover = document.createElement('img');
    Object.defineProperty(cover, 'complete', { value: true });
    cover.getBoundingClientRect = () => ({ top: 100, bottom: 500, left: 0, right: 300, width: 300, height: 400, x: 0, y: 100, toJSON: () => ({}) });
    let decoded!: () => void;
    cover.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const broken = loadingImage(300);
    broken.decode = () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
    document.body.append(cover);
    const wait = settled(firstScreenImages(3000));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(wait.done).toBe(false);
    decoded();
    await vi.waitFor(() => expect(wait.done).toBe(true));
    document.body.replaceChildren();
  });

  it("reads where the images are in the next frame, not in the task that asked (it would lay the page out inside React's commit)", async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const cover = loadingImage(200);
      const measure = vi.spyOn(cover, 'getBoundingClientRect');
      const wait = settled(firstScreenImages(3000));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(measure).not.toHaveBeenCalled();
      expect(frames).toHaveLength(1);
      frames.splice(0).forEach((callback) => callback(performance.now()));
      expect(measure).toHaveBeenCalledOnce();
      expect(wait.done).toBe(false);
      cover.dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(wait.done).toBe(true));
    } finally {
      raf.mockRestore();
      document.body.replaceChildren();
    }
  });

  it('waits no longer than its limit for an image that never comes, and not at all when none is loading', async () => {
    loadingImage(0);
    const startedAt = Date.now();
    await firstScreenImages(200);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
    document.body.replaceChildren();
    const done = settled(firstScreenImages(3000));
    await Promise.resolve();
    await Promise.resolve();
    expect(done.done).toBe(true);
  });
});

describe('framePresented', () => {
  it('waits for the frame after the one being drawn (the page on screen), then a task; at most its limit', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const state = { done: false };
      void framePresented(5000).then(() => (state.done = true));
      const drawFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));
      drawFrame();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(state.done).toBe(false);
      drawFrame();
      await vi.waitFor(() => expect(state.done).toBe(true));
      // A hidden tab draws no frame: the limit ends the wait.
      const startedAt = Date.now();
      await framePresented(100);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(90);
    } finally {
      raf.mockRestore();
    }
  });
});
