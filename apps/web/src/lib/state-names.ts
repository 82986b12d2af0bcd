/**
 * India's states and union territories as the customer reads them. The value a form sends, the API checks and an
 * address stores is always the canonical English name (`INDIAN_STATES`); only what is shown follows the language.
 */
import type { MessageDescriptor } from '@lingui/core';
import { INDIAN_STATES, type IndianState } from '@framewala/domain';
import { i18n } from './i18n';

/** Each state's name as a Lingui message whose id is the state (lingui.config.ts gives the `common` catalogue every one). */
export const STATE_NAMES = Object.fromEntries(INDIAN_STATES.map((state) => [state, { id: state, message: state }])) as Record<
  IndianState,
  MessageDescriptor
>;

const isIndianState = (value: string): value is IndianState => (INDIAN_STATES as readonly string[]).includes(value);

/** A state's name in the active language; any other text (an older spelling, a typo) is shown as it is. */
export function stateName(state: string): string {
  return isIndianState(state) ? i18n._(STATE_NAMES[state]) : state;
}
