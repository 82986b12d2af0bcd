/**
 * Indian states and union territories, pincode zones and place-name matching: what the address form and the API
 * use to check that a pincode, a city and a state agree (docs/decisions/013-pincode-directory.md).
 */
import { METRO_DISTRICTS } from './shipping';

/** The 28 states and 8 union territories, by the names in use since 2020. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/** Lower-case letters and digits only: 'Jammu & Kashmir' and 'jammu and kashmir' compare equal. */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

/** Older or postal-circle spellings (including the pincode directory's) mapped to today's names. */
const STATE_ALIASES: Record<string, IndianState> = {
  orissa: 'Odisha',
  chattisgarh: 'Chhattisgarh',
  chhatisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andamanandnicobarisland: 'Andaman and Nicobar Islands',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dnhdd: 'Dadra and Nagar Haveli and Daman and Diu',
  uttaranchal: 'Uttarakhand',
  nctofdelhi: 'Delhi',
  nationalcapitalterritoryofdelhi: 'Delhi',
  jammukashmir: 'Jammu and Kashmir',
  tamilnadu: 'Tamil Nadu',
};

const STATE_BY_KEY = new Map<string, IndianState>([
  ...INDIAN_STATES.map((s) => [placeKey(s), s] as const),
  ...Object.entries(STATE_ALIASES),
]);

/** Today's name of a state or union territory, or undefined when the name is not one. */
export function canonicalStateName(name: string): IndianState | undefined {
  return STATE_BY_KEY.get(placeKey(name));
}

/**
 * The states each pincode zone (first digit) serves, as India Post assigns them. 9 is the Army Postal Service, which
 * serves every state. Derived from the directory and checked against it in the API tests.
 */
export const PINCODE_ZONES: Record<string, readonly IndianState[]> = {
  '1': ['Delhi', 'Haryana', 'Punjab', 'Chandigarh', 'Himachal Pradesh', 'Jammu and Kashmir', 'Ladakh'],
  '2': ['Uttar Pradesh', 'Uttarakhand'],
  '3': ['Rajasthan', 'Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '4': ['Maharashtra', 'Goa', 'Madhya Pradesh', 'Chhattisgarh'],
  '5': ['Telangana', 'Andhra Pradesh', 'Karnataka', 'Puducherry'],
  '6': ['Tamil Nadu', 'Kerala', 'Puducherry', 'Lakshadweep'],
  '7': [
    'West Bengal',
    'Odisha',
    'Assam',
    'Sikkim',
    'Arunachal Pradesh',
    'Nagaland',
    'Manipur',
    'Mizoram',
    'Tripura',
    'Meghalaya',
    'Andaman and Nicobar Islands',
  ],
  '8': ['Bihar', 'Jharkhand'],
  '9': INDIAN_STATES,
};

/** A well-formed Indian pincode: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/** Whether a state can have this pincode at all (its zone serves the state). */
export function stateInPincodeZone(pincode: string, state: string): boolean {
  const canonical = canonicalStateName(state);
  const zone = PINCODE_ZONES[pincode.charAt(0)];
  return Boolean(canonical && zone?.includes(canonical));
}

/** Cities known by two or more names; any name of a group matches any other. */
export const CITY_ALIASES: readonly (readonly string[])[] = [
  ['Bangalore', 'Bengaluru'],
  ['Bombay', 'Mumbai'],
  ['Madras', 'Chennai'],
  ['Calcutta', 'Kolkata'],
  ['Gurgaon', 'Gurugram'],
  ['Mysore', 'Mysuru'],
  ['Mangalore', 'Mangaluru'],
  ['Belgaum', 'Belagavi'],
  ['Hubli', 'Hubballi'],
  ['Gulbarga', 'Kalaburagi'],
  ['Bellary', 'Ballari'],
  ['Shimoga', 'Shivamogga'],
  ['Tumkur', 'Tumakuru'],
  ['Bijapur', 'Vijayapura'],
  ['Trivandrum', 'Thiruvananthapuram'],
  ['Cochin', 'Kochi'],
  ['Calicut', 'Kozhikode'],
  ['Trichur', 'Thrissur'],
  ['Poona', 'Pune'],
  ['Baroda', 'Vadodara'],
  ['Allahabad', 'Prayagraj'],
  ['Benares', 'Banaras', 'Varanasi'],
  ['Cawnpore', 'Kanpur'],
  ['Simla', 'Shimla'],
  ['Pondicherry', 'Puducherry'],
  ['Vizag', 'Visakhapatnam'],
  ['Trichy', 'Tiruchirappalli', 'Tiruchirapalli'],
  ['Tuticorin', 'Thoothukudi'],
  ['Tanjore', 'Thanjavur'],
  ['Faizabad', 'Ayodhya'],
  ['Aurangabad', 'Chhatrapati Sambhajinagar'],
  ['Osmanabad', 'Dharashiv'],
];

const ALIAS_GROUP = new Map<string, number>();
CITY_ALIASES.forEach((group, index) => group.forEach((name) => ALIAS_GROUP.set(placeKey(name), index)));

/**
 * The comparable form of a place name: qualifiers in brackets ('Raigarh(MH)'), and the words 'urban', 'rural',
 * 'city', 'suburban' and 'district' are dropped, then {@link placeKey}.
 */
function cityKey(name: string): string {
  const plain = name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(urban|rural|suburban|city|district|dist)\b\.?/gi, ' ')
    .replace(/\b(H\.?O|S\.?O|B\.?O|G\.?P\.?O)\b\.?/g, ' ');
  return placeKey(plain);
}

/** Whether two place names name the same city: equal once simplified, or two names of one city. */
export function placeNamesMatch(a: string, b: string): boolean {
  const ka = cityKey(a);
  const kb = cityKey(b);
  if (!ka || !kb) return false;
  if (ka === kb) return true;
  const ga = ALIAS_GROUP.get(ka);
  return ga !== undefined && ga === ALIAS_GROUP.get(kb);
}

/** Union territories that are one city: their own name is an acceptable city for every pincode in them. */
const CITY_STATES: ReadonlyMap<IndianState, readonly string[]> = new Map<IndianState, readonly string[]>([
  ['Delhi', ['Delhi', 'New Delhi']],
  ['Chandigarh', ['Chandigarh']],
  ['Puducherry', ['Puducherry']],
]);

/** One post office of the directory, as far as the address check needs it. */
export interface PostOfficePlace {
  Name: string;
  District: string;
  State: string;
}

export type AddressPlaceCheck = { ok: true } | { ok: false; field: 'state' | 'city'; message: string };

/**
 * Whether a customer's city and state agree with the post offices the directory lists for their pincode. The state
 * must be one of the offices' states; the city must name one of the offices' districts or offices (aliases allowed),
 * or, in Delhi, Chandigarh and Puducherry, the territory itself.
 */
export function checkAddressPlace(city: string, state: string, offices: readonly PostOfficePlace[]): AddressPlaceCheck {
  const canonical = canonicalStateName(state);
  const matching = offices.filter((o) => canonical !== undefined && canonicalStateName(o.State) === canonical);
  if (matching.length === 0) {
    const states = [...new Set(offices.map((o) => canonicalStateName(o.State) ?? o.State))];
    return { ok: false, field: 'state', message: `This pincode is in ${states.join(' or ')}, not ${state.trim()}.` };
  }
  const cityOk =
    matching.some((o) => placeNamesMatch(city, o.District) || placeNamesMatch(city, o.Name)) ||
    (canonical !== undefined && (CITY_STATES.get(canonical) ?? []).some((name) => placeNamesMatch(city, name)));
  if (!cityOk) {
    const districts = [...new Set(matching.map((o) => o.District))];
    return { ok: false, field: 'city', message: `This pincode is in ${districts.join(' or ')}, not ${city.trim()}.` };
  }
  return { ok: true };
}

/** 'Agartala H.O' → 'Agartala': an office's name without India Post's office-type suffix, as a town is written. */
export function officeTownName(name: string): string {
  return name
    .replace(/\s+(H\.?O|S\.?O|B\.?O|G\.?P\.?O|P\.?O)\.?$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether the directory's name for a pincode (its first office's district, which the form fills in as the city) is
 * also a town there: one of the pincode's offices bears it ('Mumbai' has 'Mumbai G.P.O.'), or the territory is one
 * city (Delhi, Chandigarh, Puducherry). When it is not ('West Tripura' for Agartala's 799001), it names a district and
 * the customer types her town, one of the offices' names. A metro's district is its city (Kolkata's 700016 has no
 * office named Kolkata).
 */
export function directoryNameIsTown(offices: readonly PostOfficePlace[]): boolean {
  const first = offices[0];
  if (!first) return false;
  const canonical = canonicalStateName(first.State);
  if (canonical && (CITY_STATES.has(canonical) || METRO_DISTRICTS[canonical]?.includes(first.District))) return true;
  return offices.some((o) => placeNamesMatch(o.Name, first.District));
}

/** The towns of a pincode's offices, without office-type suffixes, each once, in the directory's order. */
export function directoryTownNames(offices: readonly PostOfficePlace[]): string[] {
  return [...new Set(offices.map((o) => officeTownName(o.Name)).filter((n) => n !== ''))];
}
