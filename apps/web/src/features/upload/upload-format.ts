/** Small display helpers for the upload modal. */
import { msg } from '@lingui/core/macro';
import { activeLocaleTag, i18n } from '../../lib/i18n';

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
  if (seconds < 5) return i18n._(msg`Less than 5 s left`);
  if (seconds < 60) {
    const rounded = Math.ceil(seconds / 5) * 5;
    return i18n._(msg`About ${rounded} s left`);
  }
  const total = Math.round(seconds / 60);
  if (total < 60) return i18n._(msg`About ${total} min left`);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return i18n._(msg`About ${hours} h ${minutes} min left`);
}

/** 4000 × 3000 px, with Indian digit grouping for the large ones (45,000 × 20,000 px). */
export function formatPixels(width: number, height: number): string {
  const n = (v: number) => v.toLocaleString(activeLocaleTag());
  const across = n(width);
  const down = n(height);
  return i18n._(msg`${across} × ${down} px`);
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
