import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';

/**
 * The keyboard and pointer behaviour of a disclosure menu (the WAI-ARIA "disclosure navigation" pattern), shared by
 * the header's dropdowns and the account menu: Enter, Space or ArrowDown on the button opens it and ArrowUp/ArrowDown
 * move between the panel's `itemSelector` elements (wrapping), Escape closes it and returns focus to the button, and a
 * click outside or focus moving out closes it.
 */
export function useDisclosure(itemSelector: string) {
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

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[((index % list.length) + list.length) % list.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const forward = event.key === 'ArrowDown';
    if (event.target === buttonRef.current) {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        // The panel renders on the next frame; focus its first (or last) item then.
        requestAnimationFrame(() => focusItem(forward ? 0 : -1));
      } else {
        focusItem(forward ? 0 : -1);
      }
      return;
    }
    const current = items().indexOf(document.activeElement as HTMLElement);
    if (current >= 0) {
      event.preventDefault();
      focusItem(current + (forward ? 1 : -1));
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };

  return {
    open,
    setOpen,
    rootProps: { ref: rootRef, onKeyDown, onBlur },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelProps: { ref: panelRef, id: panelId, hidden: !open },
  };
}
