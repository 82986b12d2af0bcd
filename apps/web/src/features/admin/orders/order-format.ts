import { formatInr, formatMeasure } from '@framewala/domain';
import type { PrintFileInfo } from '../api/orders';

export const inches = (value: number | null | undefined) => (typeof value === 'number' ? `${+value.toFixed(2)} in` : '—');

export const money = (paise: number | null | undefined) => (typeof paise === 'number' ? formatInr(paise) : '—');

export const px = (w: number | null | undefined, h: number | null | undefined) =>
  typeof w === 'number' && typeof h === 'number' ? `${w.toLocaleString('en-IN')} × ${h.toLocaleString('en-IN')} px` : '—';

export function fileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number') return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const PRINT_STATUS: Record<PrintFileInfo['status'], string> = {
  queued: 'Waiting to be made',
  rendering: 'Being made…',
  ready: 'Ready',
  failed: 'Failed',
};

export const REFUND_LABELS: Record<string, string> = {
  pending: 'Refund to be made',
  requesting: 'Refund being asked for',
  refunded: 'Refunded',
};

/** A print size as width × height, as the customer chose it: '12×8', '11×14'. */
export const sizeOf = (widthIn: number, heightIn: number) => `${formatMeasure(widthIn)}×${formatMeasure(heightIn)}`;

/** One line of an order in the list: '12×8 · Matte Black (Classic) · ×2'. */
export const lineSummary = (line: { widthIn: number; heightIn: number; finishName: string; quantity: number }) =>
  `${sizeOf(line.widthIn, line.heightIn)} · ${line.finishName} · ×${line.quantity}`;
