import { describe, expect, it } from 'vitest';
import {
  canonicalStateName,
  checkAddressPlace,
  directoryNameIsTown,
  directoryTownNames,
  INDIAN_STATES,
  officeTownName,
  PINCODE_ZONES,
  placeNamesMatch,
  stateInPincodeZone,
} from './india';

describe('states and union territories', () => {
  it('lists 28 states and 8 union territories', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });

  it("maps older and the directory's spellings to today's names", () => {
    expect(canonicalStateName('karnataka')).toBe('Karnataka');
    expect(canonicalStateName(' Tamil  Nadu ')).toBe('Tamil Nadu');
    expect(canonicalStateName('Tamilnadu')).toBe('Tamil Nadu');
    expect(canonicalStateName('Orissa')).toBe('Odisha');
    expect(canonicalStateName('Chattisgarh')).toBe('Chhattisgarh');
    expect(canonicalStateName('Pondicherry')).toBe('Puducherry');
    expect(canonicalStateName('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(canonicalStateName('Andaman & Nicobar')).toBe('Andaman and Nicobar Islands');
    expect(canonicalStateName('Daman & Diu')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(canonicalStateName('Dadra & Nagar Haveli')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(canonicalStateName('Uttaranchal')).toBe('Uttarakhand');
    expect(canonicalStateName('Narnia')).toBeUndefined();
    expect(canonicalStateName('')).toBeUndefined();
    expect(canonicalStateName('__proto__')).toBeUndefined();
  });
});

describe('pincode zones', () => {
  it('cover every state and territory', () => {
    const covered = new Set(
      Object.entries(PINCODE_ZONES)
        .filter(([zone]) => zone !== '9')
        .flatMap(([, states]) => states),
    );
    expect([...covered].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it('tell whether a state can have a pincode', () => {
    expect(stateInPincodeZone('560001', 'Karnataka')).toBe(true);
    expect(stateInPincodeZone('560001', 'Punjab')).toBe(false);
    expect(stateInPincodeZone('194101', 'Ladakh')).toBe(true);
    expect(stateInPincodeZone('533464', 'Puducherry')).toBe(true); // Yanam lies in Andhra Pradesh's zone
    expect(stateInPincodeZone('999999', 'Kerala')).toBe(true); // Army Postal Service
    expect(stateInPincodeZone('060001', 'Kerala')).toBe(false);
    expect(stateInPincodeZone('560001', 'Narnia')).toBe(false);
  });
});

describe('place names', () => {
  it('match regardless of case, spacing, punctuation, brackets and urban/rural suffixes', () => {
    expect(placeNamesMatch('Bangalore', 'bangalore ')).toBe(true);
    expect(placeNamesMatch('Raigarh', 'Raigarh(MH)')).toBe(true);
    expect(placeNamesMatch('Bengaluru Urban', 'Bangalore')).toBe(true);
    expect(placeNamesMatch('Navi-Mumbai', 'Navi Mumbai')).toBe(true);
    expect(placeNamesMatch('Mysore', 'Bangalore')).toBe(false);
    expect(placeNamesMatch('', '')).toBe(false);
  });

  it('match the other names of renamed cities', () => {
    expect(placeNamesMatch('Bengaluru', 'Bangalore')).toBe(true);
    expect(placeNamesMatch('Gurugram', 'Gurgaon')).toBe(true);
    expect(placeNamesMatch('Prayagraj', 'Allahabad')).toBe(true);
    expect(placeNamesMatch('Bombay', 'Mumbai')).toBe(true);
    expect(placeNamesMatch('Bombay', 'Chennai')).toBe(false);
  });
});

describe('checkAddressPlace', () => {
  const bangalore = [
    { Name: 'Bangalore', District: 'Bangalore', State: 'Karnataka' },
    { Name: 'Vidhana Soudha', District: 'Bangalore', State: 'Karnataka' },
  ];
  const chandigarh = [
    { Name: 'Sector 3', District: 'Chandigarh', State: 'Chandigarh' },
    { Name: 'Mullanpur Garibdas', District: 'Mohali', State: 'Punjab' },
  ];

  it('accepts a district, an office or an alias within the right state', () => {
    for (const city of ['Bangalore', 'Bengaluru', 'Vidhana Soudha'])
      expect(checkAddressPlace(city, 'Karnataka', bangalore)).toEqual({ ok: true });
    expect(checkAddressPlace('Mohali', 'Punjab', chandigarh)).toEqual({ ok: true });
    expect(checkAddressPlace('Chandigarh', 'Chandigarh', chandigarh)).toEqual({ ok: true });
  });

  it('names the state or the city that does not fit', () => {
    expect(checkAddressPlace('Bangalore', 'Kerala', bangalore)).toEqual({
      ok: false,
      field: 'state',
      message: 'This pincode is in Karnataka, not Kerala.',
    });
    expect(checkAddressPlace('Mysore', 'Karnataka', bangalore)).toEqual({
      ok: false,
      field: 'city',
      message: 'This pincode is in Bangalore, not Mysore.',
    });
    // The city must belong to an office in the chosen state.
    expect(checkAddressPlace('Mohali', 'Chandigarh', chandigarh)).toMatchObject({ ok: false, field: 'city' });
    expect(checkAddressPlace('Delhi', 'Delhi', [{ Name: 'Connaught Place', District: 'Central Delhi', State: 'Delhi' }])).toEqual({
      ok: true,
    });
  });
});

describe('directoryNameIsTown and directoryTownNames', () => {
  const office = (Name: string, District: string, State: string) => ({ Name, District, State });

  it("says when the directory's name for a pincode is only a district, and lists the pincode's towns", () => {
    const agartala = [
      office('Agartala H.O', 'West Tripura', 'Tripura'),
      office('Agartala College S.O', 'West Tripura', 'Tripura'),
      office('Arundhutinagar S.O', 'West Tripura', 'Tripura'),
    ];
    expect(directoryNameIsTown(agartala)).toBe(false);
    expect(directoryTownNames(agartala)).toEqual(['Agartala', 'Agartala College', 'Arundhutinagar']);
  });

  it('takes the district for a town when an office bears its name, or the territory is one city', () => {
    expect(directoryNameIsTown([office('Mumbai G.P.O.', 'Mumbai', 'Maharashtra'), office('Fort', 'Mumbai', 'Maharashtra')])).toBe(true);
    expect(directoryNameIsTown([office('Vidhana Soudha', 'Bangalore', 'Karnataka'), office('Bangalore', 'Bangalore', 'Karnataka')])).toBe(
      true,
    );
    expect(directoryNameIsTown([office('Connaught Place', 'New Delhi', 'Delhi')])).toBe(true);
    expect(directoryNameIsTown([office('Park Street', 'Kolkata', 'West Bengal'), office('Madrassa', 'Kolkata', 'West Bengal')])).toBe(true);
    expect(directoryNameIsTown([])).toBe(false);
  });

  it('writes an office as a town: without H.O, S.O, B.O or G.P.O., spaces tidied', () => {
    expect(officeTownName('Agartala H.O')).toBe('Agartala');
    expect(officeTownName('Kumarghat  S.O')).toBe('Kumarghat');
    expect(officeTownName('Mumbai G.P.O.')).toBe('Mumbai');
    expect(officeTownName('Bangalore ')).toBe('Bangalore');
    expect(officeTownName('Hosur B.O')).toBe('Hosur');
    expect(directoryTownNames([office('Kumarghat S.O', 'Unakoti', 'Tripura'), office('Kumarghat B.O', 'Unakoti', 'Tripura')])).toEqual([
      'Kumarghat',
    ]);
  });
});
