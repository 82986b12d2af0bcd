/** The upload dialog's texts that are not words in its markup: the domain's hint, and a message shown on Done. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { UPLOAD_HINT } from '@framewala/domain';

/** The hint in the page's language (keyed by the domain's text: a change there fails typecheck until this follows). */
export const UPLOAD_HINT_TEXTS: Record<typeof UPLOAD_HINT, MessageDescriptor> = {
  [UPLOAD_HINT]: msg`JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.`,
};

export const STORAGE_BLOCKED_MESSAGE = msg`This browser is not letting us save your order. Please allow site data for Framewala (or leave private browsing) and try again.`;
