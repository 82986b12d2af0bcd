/** Shared class lists so every button and button-like link looks and sizes the same (touch targets ≥ 44 px). */
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export const primaryButton = `${base} bg-saffron-700 text-white shadow-sm shadow-saffron-900/20 hover:bg-saffron-800 active:bg-saffron-900`;

export const secondaryButton = `${base} border border-ink-200 bg-white text-ink-800 hover:border-saffron-400 hover:text-saffron-800`;

export const ghostButton = `${base} text-ink-700 hover:bg-ink-100/70 hover:text-ink-900`;

export const textLink = 'font-medium text-saffron-800 underline decoration-saffron-300 underline-offset-4 hover:decoration-saffron-700';
