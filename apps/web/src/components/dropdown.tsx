import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

type DropdownProps = {
  /** The button's visible label, e.g. 'Contact'. */
  label: string;
  /** The panel's content: usually a list of links. Clicking a link inside closes the panel. */
  children: ReactNode;
  /** Align the panel to the button's left (default) or right edge. */
  align?: 'left' | 'right';
  className?: string;
};

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A disclosure dropdown for navigation links (the WAI-ARIA "disclosure navigation" pattern):
 * a real <button> with aria-expanded / aria-controls; Enter, Space or ArrowDown opens it,
 * ArrowUp/ArrowDown move between links, Escape closes it and returns focus to the button,
 * and a click outside or moving focus out closes it.
 */
export function Dropdown({ label, children, align = 'left', className = '' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

  const focusableItems = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);

  const focusItem = (index: number) => {
    const items = focusableItems();
    if (items.length === 0) return;
    const wrapped = ((index % items.length) + items.length) % items.length;
    items[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = focusableItems();
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.target === buttonRef.current) {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        // The panel renders on the next frame; focus its first link then.
        requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
      } else {
        focusItem(event.key === 'ArrowDown' ? 0 : -1);
      }
      return;
    }
    if (current >= 0) {
      event.preventDefault();
      focusItem(current + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div
      ref={rootRef}
      className={`relative ${className}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) {
          setOpen(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 py-2 text-[0.95rem] font-medium transition-colors ${
          open ? 'bg-saffron-50 text-saffron-800' : 'text-ink-700 hover:bg-ink-100/70 hover:text-ink-900'
        }`}
      >
        {label}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
        className={`absolute top-full z-40 mt-2 w-72 rounded-2xl border border-ink-100 bg-white p-2 shadow-xl shadow-ink-900/10 ${
          align === 'right' ? 'right-0' : 'left-0'
        }`}
      >
        {children}
      </div>
    </div>
  );
}
