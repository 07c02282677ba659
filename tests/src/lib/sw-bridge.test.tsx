import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: unknown) => void;

/** A stand-in for workbox-window's Workbox that lets the test fire its lifecycle events. */
class FakeWorkbox {
  static instances: FakeWorkbox[] = [];
  listeners = new Map<string, Listener[]>();
  register = vi.fn(async () => undefined);
  update = vi.fn(async () => undefined);
  messageSkipWaiting = vi.fn();
  constructor(public scriptUrl: string) {
    FakeWorkbox.instances.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type });
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

async function loadBridge() {
  vi.resetModules();
  const bridge = await import('../../../src/lib/sw-bridge');
  const { UpdatePrompt } = await import('../../../src/components/update-prompt');
  return { bridge, UpdatePrompt };
}

const PROMPT = 'A new version is available';

describe('service worker bridge and update prompt', () => {
  beforeEach(() => {
    FakeWorkbox.instances = [];
    Object.defineProperty(window.navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(window.navigator, 'serviceWorker');
  });

  it('registers /sw.js once', async () => {
    const { bridge } = await loadBridge();
    const [first, second] = await Promise.all([bridge.registerServiceWorker(), bridge.registerServiceWorker()]);
    expect(second).toBe(first);
    expect(FakeWorkbox.instances).toHaveLength(1);
    expect(FakeWorkbox.instances[0]!.scriptUrl).toBe('/sw.js');
    expect(FakeWorkbox.instances[0]!.register).toHaveBeenCalledTimes(1);
  });

  it('shows the prompt when a new version is waiting and never activates it by itself', async () => {
    const { bridge, UpdatePrompt } = await loadBridge();
    await bridge.registerServiceWorker();
    render(<UpdatePrompt />);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    const wb = FakeWorkbox.instances[0]!;
    act(() => wb.emit('waiting'));
    expect(await screen.findByText(PROMPT)).toBeInTheDocument();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('activates the waiting version only when the user presses Reload', async () => {
    const { bridge, UpdatePrompt } = await loadBridge();
    await bridge.registerServiceWorker();
    render(<UpdatePrompt />);
    const wb = FakeWorkbox.instances[0]!;
    act(() => wb.emit('waiting'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(wb.listeners.get('controlling')).toHaveLength(1);
  });

  it('hides the prompt for this visit with Later', async () => {
    const { bridge, UpdatePrompt } = await loadBridge();
    await bridge.registerServiceWorker();
    render(<UpdatePrompt />);
    const wb = FakeWorkbox.instances[0]!;
    act(() => wb.emit('waiting'));
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByText(PROMPT)).not.toBeInTheDocument());
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('keeps the prompt hidden while an update hold is active (a quiz in progress)', async () => {
    const { bridge, UpdatePrompt } = await loadBridge();
    await bridge.registerServiceWorker();
    render(<UpdatePrompt />);
    let release = () => undefined as void;
    act(() => {
      release = bridge.holdUpdatePrompt();
    });
    act(() => FakeWorkbox.instances[0]!.emit('waiting'));
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText(PROMPT)).toBeInTheDocument();
    act(() => release());
    expect(bridge.getUpdateState().holds).toBe(0);
  });

  it("logs a failed load of workbox-window's code and tries again at the next call", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      vi.doMock('workbox-window', () => {
        throw new Error('Failed to fetch dynamically imported module');
      });
      const { bridge } = await loadBridge();
      expect(await bridge.registerServiceWorker()).toBeNull();
      expect(errors).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
      vi.doMock('workbox-window', () => ({ Workbox: FakeWorkbox }));
      expect(await bridge.registerServiceWorker()).toBeInstanceOf(FakeWorkbox);
      expect(FakeWorkbox.instances).toHaveLength(1);
    } finally {
      errors.mockRestore();
      vi.doMock('workbox-window', () => ({ Workbox: FakeWorkbox }));
    }
  });

  it('does nothing where service workers are unavailable', async () => {
    Reflect.deleteProperty(window.navigator, 'serviceWorker');
    const { bridge } = await loadBridge();
    expect(await bridge.registerServiceWorker()).toBeNull();
    expect(FakeWorkbox.instances).toHaveLength(0);
  });
});
