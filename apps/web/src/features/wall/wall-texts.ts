/**
 * The wall page's texts that come from the domain, in the visitor's language. The domain keeps its English (the
 * labels of the things of known size, the outer size written as '19 × 15 in (48.3 × 38.1 cm)'); the English here is
 * the same, and the Hindi is in the `wall` catalogue. A new reference object fails typecheck until it has a label.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { formatMeasure, type OuterSize, type ReferenceId } from '@framewala/domain';

/** `REFERENCE_OBJECTS[id].label`, translated. */
export const REFERENCE_LABELS: Record<ReferenceId, MessageDescriptor> = {
  a4: msg`A4 sheet (210 × 297 mm)`,
  note500: msg`₹500 note (66 × 150 mm)`,
  door: msg`Door (900 × 2100 mm)`,
};

/** The domain's `formatOuterSize` in the active language: '19 × 15 in (48.3 × 38.1 cm)', '19 × 15 इंच (48.3 × 38.1 सेमी)'. */
export function outerSizeText(size: OuterSize): string {
  const width = formatMeasure(size.widthIn, 2);
  const height = formatMeasure(size.heightIn, 2);
  const widthCm = formatMeasure(size.widthCm, 1);
  const heightCm = formatMeasure(size.heightCm, 1);
  return t`${width} × ${height} in (${widthCm} × ${heightCm} cm)`;
}

/** A size in inches without centimetres: '19 × 15 in', '19 × 15 इंच'. */
export function inchesText(widthIn: number, heightIn: number): string {
  const width = formatMeasure(widthIn, 2);
  const height = formatMeasure(heightIn, 2);
  return t`${width} × ${height} in`;
}
