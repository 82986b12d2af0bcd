/** The seed's options panel, word for word (§2 "Ordering flow"), and what it says instead to a photo too small to print well. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const OPTIONS_HEADING: MessageDescriptor = msg`Looking great! Want to make any changes to your perfect picture?`;
export const OPTIONS_HINT: MessageDescriptor = msg`Now's the time to crop or enhance your photo if you'd like.`;

/** In their place for a photo known to print Low at every ready-made size: no praise, what to do instead. */
export const SMALL_PHOTO_HEADING: MessageDescriptor = msg`Your photo is small for printing`;
export const SMALL_PHOTO_HINT: MessageDescriptor = msg`At every ready-made size it may look soft from close up. Choose a size and tap “Sharpen with AI”, or upload the original photo (on WhatsApp, send it as a Document).`;
