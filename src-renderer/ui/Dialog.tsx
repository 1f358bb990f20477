import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * A native modal <dialog>: the browser traps focus, makes the page inert and closes on Esc, so keyboard
 * users get the right behaviour without a focus-trap library.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      {open && (
        <>
          <h2 className="dialog-title">{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
