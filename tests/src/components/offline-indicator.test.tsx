import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../helpers/render-app';

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const OFFLINE_TEXT = 'You are offline. Pages you have opened before are still available.';

describe('offline indicator and map', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the indicator only while the browser is offline', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    setOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('replaces the map with a static address card while offline', async () => {
    await renderApp('/contacts');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const map = screen.getByTitle("Map showing the institute's location");
    expect(map.tagName).toBe('IFRAME');
    expect(map.getAttribute('src')).toMatch(/^https:\/\/www\.google\.com\/maps\/embed\?/);

    setOnline(false);
    expect(screen.queryByTitle("Map showing the institute's location")).not.toBeInTheDocument();
    const card = screen.getByTestId('map-offline');
    expect(card).toHaveTextContent('Bengaluru, Karnataka, India');
    expect(card).toHaveTextContent('The map will appear when you are back online.');
  });
});
