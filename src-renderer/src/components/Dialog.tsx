import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '../store';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** "sheet": a bottom sheet on phones, a centered dialog on wider screens. */
  readonly variant?: 'sheet' | 'alert';
  readonly testId?: string;
}

/**
 * A modal dialog: focus moves in and stays inside (Tab wraps), Escape closes, and focus
 * goes back to what had it before. A click outside does not close it, so a half-filled
 * form is never lost by a stray tap.
 */
export function Dialog({ title, onClose, children, variant = 'sheet', testId }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const mode = useStore((s) => s.mode);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = box.current;
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // A dialog opened from this one is its React child: its keys are its own.
    if (!box.current?.contains(e.target as Node)) return;
    if (e.key === 'Escape') {
      // Only the topmost dialog closes (and the assistant drawer stays as it is).
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => !n.closest('[hidden]'));
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={`dialog-backdrop mode-${mode} dialog-${variant}`}>
      <div
        ref={box}
        className="dialog"
        role={variant === 'alert' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
