/** The seed's options panel, word for word (§2 "Ordering flow"). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const OPTIONS_HEADING: MessageDescriptor = msg`Looking great! Want to make any changes to your perfect picture?`;
export const OPTIONS_HINT: MessageDescriptor = msg`Now's the time to crop or enhance your photo if you'd like.`;
