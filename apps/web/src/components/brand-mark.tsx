/** The Framewala mark: a saffron frame around a small sunrise. Decorative; the brand name is always written next to it. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="60" rx="12" fill="#b4490f" />
      <rect x="12" y="12" width="40" height="40" rx="2" fill="#fff8f0" />
      <rect x="18" y="18" width="28" height="28" fill="#f8b272" />
      <circle cx="38" cy="26" r="4" fill="#fff8f0" />
      <path d="M18 46 L28 32 L34 39 L38 35 L46 46 Z" fill="#8f3a10" />
    </svg>
  );
}
