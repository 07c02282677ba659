import { useSyncExternalStore } from 'react';
import { WEB_MANIFEST_PATH } from '../contract/build-layout';

/** Chromium's install event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
let listening = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Captures the browser's install offer so the navbar can show an install button instead of
 * the browser's own banner. Call once at start-up: the event can fire before React renders.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    emit();
  });
}

/**
 * Links the web app manifest (main.tsx, once the page is idle after its first render). The HTML
 * comes without the link (build/pwa.ts): Chromium fetches the manifest and an icon for its
 * install check as soon as it reads one, and on a phone's first visit they competed with the
 * page's code. The install offer (beforeinstallprompt) comes after the check, so a little later.
 */
export function linkWebManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_PATH;
  document.head.append(link);
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const offer = deferredPrompt;
  if (!offer) return;
  deferredPrompt = null;
  emit();
  await offer.prompt();
  await offer.userChoice.catch(() => undefined);
}

/** True while the browser offers installation of the app. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferredPrompt !== null,
    () => false,
  );
}
