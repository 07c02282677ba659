declare const self: ServiceWorkerGlobalScope;

/**
 * Messages from the page (src/lib/sw-bridge.ts). A new version waits until the user presses
 * 'Reload', which sends SKIP_WAITING; the worker never skips waiting on its own.
 */
export function listenForMessages(): void {
  self.addEventListener('message', (event) => {
    if (event.data && (event.data as { type?: unknown }).type === 'SKIP_WAITING') {
      void self.skipWaiting();
    }
  });
}
