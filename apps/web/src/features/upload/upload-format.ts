/** Small display helpers for the upload modal. */

/** 1,536 → "1.5 KB"; binary units, as the 2 GB limit is 2 GiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** 4000 × 3000 px, with Indian digit grouping for the large ones (45,000 × 20,000 px). */
export function formatPixels(width: number, height: number): string {
  const n = (v: number) => v.toLocaleString('en-IN');
  return `${n(width)} × ${n(height)} px`;
}

export function formatLabel(format: 'jpeg' | 'tiff'): string {
  return format === 'jpeg' ? 'JPG' : 'TIF';
}

/** Server and rule messages are shown as they are, without the stray quotes the seed showed around them. */
export function cleanMessage(message: string): string {
  return message
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .trim();
}
