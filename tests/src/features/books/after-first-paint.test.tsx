/**
 * A page's extras (the cards' download controls, the reader's quiz notice) show once the page
 * itself is on screen. Their code is asked for once it is, before they render: asked for by
 * their render, the import's preload links were added inside React's work, a long task
 * on a phone.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from '../../../../src/features/books/components/after-first-paint';
import { holdUntilFirstPage, releaseFirstPage } from '../../../../src/lib/first-page';

describe('AfterFirstPaint', () => {
  it("loads its extras' code once the page is shown, in a task of its own, and shows them once it has come", async () => {
    holdUntilFirstPage();
    let arrive!: () => void;
    const preload = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    render(
      <AfterFirstPaint minHeight={31} preload={preload}>
        <p>Download for offline</p>
      </AfterFirstPaint>,
    );
    // The page is not shown yet: nothing is asked for, nothing rendered in the kept place.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preload).not.toHaveBeenCalled();

    // Released (main.tsx: the page is on screen), the code is asked for in the released task, not
    // by a render; the extras wait for it.
    act(() => releaseFirstPage());
    expect(preload).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Download for offline')).toBeNull();

    await act(async () => arrive());
    expect(await screen.findByText('Download for offline')).toBeTruthy();
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
