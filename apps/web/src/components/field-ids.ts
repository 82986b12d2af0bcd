import type { ReactNode } from 'react';

/** aria-describedby for a control inside `FieldFrame` (which renders `<id>-error` or `<id>-hint`). */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
