/**
 * The lazily loaded parts of a page (the navbar's drawer, the dialogs, the account menu, the
 * update prompt): their module loads when first rendered or preloaded, a failed preload is
 * logged and retried by the render, and once opened a part stays rendered so it can close
 * with its transition.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule, useOpenedOnce } from '../../../src/lib/lazy-part';

afterEach(() => vi.restoreAllMocks());

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

describe('lazyModule', () => {
  it('loads nothing until a part is rendered or preloaded, then renders the named export with its props', async () => {
    const load = vi.fn(async () => ({ Greeting, other: 1 }));
    const module = lazyModule(load, 'the greeting');
    const Part = module.part('Greeting');
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Dr. Rao" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello, Dr. Rao')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once asked, its promise settling when the module has loaded', async () => {
    let arrive!: (module: { Greeting: typeof Greeting }) => void;
    const load = vi.fn(() => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)));
    const state = { done: false };
    void lazyModule(load, 'the greeting')
      .preload()
      .then(() => (state.done = true));
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.done).toBe(false);
    arrive({ Greeting });
    await vi.waitFor(() => expect(state.done).toBe(true));
  });

  it('logs a failed preload without throwing, and the render imports the module again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Greeting });
    const module = lazyModule(load, 'the greeting');
    // Settles without rejecting: what waits for it goes on, and the part's render retries.
    await expect(module.preload()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Could not preload the greeting', expect.any(TypeError));
    const Part = module.part('Greeting');
    render(
      <Suspense fallback={null}>
        <Part name="Dr. Iyer" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello, Dr. Iyer')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyModule, once its module has loaded', () => {
  it('renders a part in the same commit as what surrounds it: no fallback in between', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const module = lazyModule(load, 'the greeting');
    const Part = module.part('Greeting');
    await module.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <p>Bar</p>
        <Part name="Dr. Menon" />
      </Suspense>,
    );
    // Synchronously, right after the render: React's lazy alone would show 'Loading' here.
    expect(screen.getByText('Hello, Dr. Menon')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('imports the module once, however many parts and preloads ask for it', async () => {
    const load = vi.fn(async () => ({ Greeting, Counter }));
    const module = lazyModule(load, 'the parts');
    const Hello = module.part('Greeting');
    const Count = module.part('Counter');
    await Promise.all([module.preload(), module.preload()]);
    render(
      <Suspense fallback={null}>
        <Hello name="Dr. Das" />
        <Count label="Taps" />
      </Suspense>,
    );
    await module.preload();
    expect(screen.getByText('Hello, Dr. Das')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a part rendered before the load the same one after it: its state stays', async () => {
    let arrive!: (module: { Counter: typeof Counter }) => void;
    const module = lazyModule(() => new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = resolve)), 'the counter');
    const Part = module.part('Counter');
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Part label="Taps" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => arrive({ Counter }));
    fireEvent.click(await screen.findByRole('button', { name: 'Taps 0' }));
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Part label="Taps" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
  });
});

describe('useOpenedOnce', () => {
  it('is false until the first opening, then true for good, also once closed', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    act(() => rerender({ open: false }));
    expect(result.current).toBe(true);
  });

  it('is true from the first render when the part starts open', () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});
