/**
 * The account forms' input look for a <select>. Not `inputClass` itself: Chromium counts every select as :read-only,
 * and `inputClass` greys read-only fields like locked ones.
 */
export const selectClass =
  'block min-h-12 w-full rounded-xl border border-ink-200 bg-white px-4 py-2.5 text-base text-ink-900 shadow-sm shadow-ink-900/5 ' +
  'focus:border-saffron-500 focus:outline-none focus-visible:outline-none focus:ring-3 focus:ring-saffron-200 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';
