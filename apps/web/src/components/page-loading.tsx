import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * Shown inside the layout (header and footer stay on screen) while a page's code loads: 'Loading…', or the page's own
 * words. `wide` for pages laid out on the wide grid (the cart, the console).
 */
export function PageLoading({ children, wide = false }: { children?: ReactNode; wide?: boolean }) {
  return (
    <p role="status" className={`mx-auto ${wide ? 'max-w-6xl' : 'max-w-3xl'} px-4 py-16 text-ink-500 sm:px-6`}>
      {children ?? <Trans>Loading…</Trans>}
    </p>
  );
}
