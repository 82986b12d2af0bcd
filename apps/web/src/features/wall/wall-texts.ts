/**
 * The labels of the things of known size a wall photo is measured by, in the visitor's language. The domain keeps its
 * English; the English here is the same, and the Hindi is in the `wall` catalogue. A new reference object fails
 * typecheck until it has a label. Sizes in inches come from lib/print-texts.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReferenceId } from '@framewala/domain';

/** `REFERENCE_OBJECTS[id].label`, translated. */
export const REFERENCE_LABELS: Record<ReferenceId, MessageDescriptor> = {
  a4: msg`A4 sheet (210 × 297 mm)`,
  note500: msg`₹500 note (66 × 150 mm)`,
  door: msg`Door (900 × 2100 mm)`,
};
