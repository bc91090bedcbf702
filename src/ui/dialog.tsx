// A modal dialog on the native <dialog>: the browser traps focus, makes the page behind inert and closes on Escape.
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  /** Id of the element that names the dialog, usually its heading. */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Where focus goes on closing when the page had nothing focused before (say, a dialog opened by a deep link). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * Render it only while open: mounting opens it, unmounting closes it and puts focus back.
 * Mark the element that should receive focus on opening with `data-autofocus`.
 */
export function Dialog({ labelledBy, onClose, children, className, testId, returnFocusTo }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Always the latest callbacks, without reopening the dialog when they change.
  const close = useEffectEvent(() => onClose());
  const fallbackFocus = useEffectEvent(() => returnFocusTo?.());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // Browsers differ on what gets focus when a dialog opens; the content says, with data-autofocus.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();

    const onCancel = (event: Event) => {
      // Escape: let the owner decide (it may need to update the URL), then this component unmounts.
      event.preventDefault();
      close();
    };
    const onBackdropClick = (event: MouseEvent) => {
      // The dialog box itself has no padding, so a click landing on the <dialog> element is a click on the backdrop.
      if (event.target === dialog) close();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onBackdropClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onBackdropClick);
      dialog.close();
      const target = opener && opener !== document.body && opener.isConnected ? opener : fallbackFocus();
      target?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      <div className="dialog__box">{children}</div>
    </dialog>
  );
}
