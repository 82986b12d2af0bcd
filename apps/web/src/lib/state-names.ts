/**
 * India's states and union territories as the customer reads them. The value a form sends, the API checks and an
 * address stores is always the canonical English name (`INDIAN_STATES`); only what is shown follows the language.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { INDIAN_STATES, type IndianState } from '@framewala/domain';
import { i18n } from './i18n';

export const STATE_NAMES: Record<IndianState, MessageDescriptor> = {
  'Andhra Pradesh': msg`Andhra Pradesh`,
  'Arunachal Pradesh': msg`Arunachal Pradesh`,
  Assam: msg`Assam`,
  Bihar: msg`Bihar`,
  Chhattisgarh: msg`Chhattisgarh`,
  Goa: msg`Goa`,
  Gujarat: msg`Gujarat`,
  Haryana: msg`Haryana`,
  'Himachal Pradesh': msg`Himachal Pradesh`,
  Jharkhand: msg`Jharkhand`,
  Karnataka: msg`Karnataka`,
  Kerala: msg`Kerala`,
  'Madhya Pradesh': msg`Madhya Pradesh`,
  Maharashtra: msg`Maharashtra`,
  Manipur: msg`Manipur`,
  Meghalaya: msg`Meghalaya`,
  Mizoram: msg`Mizoram`,
  Nagaland: msg`Nagaland`,
  Odisha: msg`Odisha`,
  Punjab: msg`Punjab`,
  Rajasthan: msg`Rajasthan`,
  Sikkim: msg`Sikkim`,
  'Tamil Nadu': msg`Tamil Nadu`,
  Telangana: msg`Telangana`,
  Tripura: msg`Tripura`,
  'Uttar Pradesh': msg`Uttar Pradesh`,
  Uttarakhand: msg`Uttarakhand`,
  'West Bengal': msg`West Bengal`,
  'Andaman and Nicobar Islands': msg`Andaman and Nicobar Islands`,
  Chandigarh: msg`Chandigarh`,
  'Dadra and Nagar Haveli and Daman and Diu': msg`Dadra and Nagar Haveli and Daman and Diu`,
  Delhi: msg`Delhi`,
  'Jammu and Kashmir': msg`Jammu and Kashmir`,
  Ladakh: msg`Ladakh`,
  Lakshadweep: msg`Lakshadweep`,
  Puducherry: msg`Puducherry`,
};

const isIndianState = (value: string): value is IndianState => (INDIAN_STATES as readonly string[]).includes(value);

/** A state's name in the active language; any other text (an older spelling, a typo) is shown as it is. */
export function stateName(state: string): string {
  return isIndianState(state) ? i18n._(STATE_NAMES[state]) : state;
}
