import { Suspense, useEffect } from 'react';
import { afterFirstPage } from '../lib/first-page';
import { lazyModule, useOpenedOnce } from '../lib/lazy-part';

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
const viewModule = lazyModule(() => import('./confirm-dialog-view'), 'the confirmation dialog');
const ConfirmDialogView = viewModule.part('ConfirmDialogView');

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const asked = useOpenedOnce(props.open);
  useEffect(() => afterFirstPage(viewModule.preload), []);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
