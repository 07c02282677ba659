import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPage } from '../lib/first-page';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The label of the button that says no ('Cancel' unless given). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

// MUI's Dialog, Modal and transitions are not needed to show the pages that may ask (the books
// list, the reader): their code loads once the page is shown, or when the question is asked.
const loadView = () => import('./confirm-dialog-view');
const ConfirmDialogView = lazy(() => loadView().then((m) => ({ default: m.ConfirmDialogView })));
const preloadView = () =>
  void loadView().catch((error: unknown) => {
    // Asking imports it again; its failure then shows in the route's error screen.
    console.warn('Could not preload the confirmation dialog', error);
  });

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Rendered from the first question on, so that it can close with its transition.
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  useEffect(() => afterFirstPage(preloadView), []);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
