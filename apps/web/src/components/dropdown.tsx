import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { useDisclosure } from './use-disclosure';

type DropdownProps = {
  /** The button's visible label, e.g. 'Contact'. */
  label: string;
  /** The panel's content: usually a list of links. Clicking a link inside closes the panel. */
  children: ReactNode;
  /** Align the panel to the button's left (default) or right edge. */
  align?: 'left' | 'right';
  className?: string;
};

// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A disclosure dropdown for navigation links (the WAI-ARIA "disclosure navigation" pattern):
 * a real <button> with aria-expanded / aria-controls; Enter, Space or ArrowDown opens it,
 * ArrowUp/ArrowDown move between links, Escape closes it and returns focus to the button,
 * and a click outside or moving focus out closes it.
 */
export function Dropdown({ label, children, align = 'left', className = '' }: DropdownProps) {
  const { open, setOpen, rootProps, buttonProps, panelProps } = useDisclosure(FOCUSABLE);

  return (
    <div {...rootProps} className={`relative ${className}`}>
      <button
        {...buttonProps}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 py-2 text-[0.95rem] font-medium transition-colors ${
          open ? 'bg-saffron-50 text-saffron-800' : 'text-ink-700 hover:bg-ink-100/70 hover:text-ink-900'
        }`}
      >
        {label}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        {...panelProps}
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
