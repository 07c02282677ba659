import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from '../../../../src/features/site/components/near-viewport';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: Callback[] = [];

class FakeIntersectionObserver {
  constructor(callback: Callback) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('NearViewport', () => {
  it('keeps the space and renders nothing until the part comes near the screen', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { container } = render(
      <NearViewport minHeight={640}>
        <form aria-label="Contact form" />
      </NearViewport>,
    );
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    expect(getComputedStyle(container.firstElementChild!).minHeight).toBe('640px');

    act(() => observers[0]!([{ isIntersecting: false }]));
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    act(() => observers[0]!([{ isIntersecting: true }]));
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });

  it('renders at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <NearViewport minHeight={640}>
        <form aria-label="Contact form" />
      </NearViewport>,
    );
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });
});
