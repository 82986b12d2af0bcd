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

/** 2.4 MB/s, 850 KB/s: a sending speed. */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** "About 2 min left", "About 40 s left", "Less than 5 s left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 5) return 'Less than 5 s left';
  if (seconds < 60) return `About ${Math.ceil(seconds / 5) * 5} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `About ${hours} h ${minutes % 60} min left`;
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
