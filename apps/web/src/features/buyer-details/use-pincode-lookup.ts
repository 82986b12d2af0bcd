import {
  canonicalStateName,
  directoryNameIsTown,
  directoryTownNames,
  INDIAN_STATES,
  PINCODE_PATTERN,
  PINCODE_ZONES,
  type IndianState,
  type PincodeResult,
} from '@framewala/domain';
import { useQuery } from '@tanstack/react-query';
import { pincodeQueryOptions } from './api/pincode';

export type PincodeLookup =
  /** Fewer or more than 6 digits typed: nothing to look up. */
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  /**
   * The directory knows the pincode: City is the first post office's District, State its State. When that District
   * is not a town of the pincode ('West Tripura' for Agartala's 799001), City may be typed (`cityEditable`), with the
   * pincode's towns (its offices' names) offered; the server checks it names one of them or the district.
   */
  | { status: 'found'; code: string; city: string; state: string; cityEditable: boolean; towns: readonly string[] }
  /**
   * Six digits the directory does not know ('Invalid Pincode'). A well-formed code may still be real (new
   * pincodes are missing from the directory: docs/decisions/013-pincode-directory.md), so City and State may then be
   * typed and chosen, among the states of the pincode's zone; the server checks the zone again.
   */
  | { status: 'invalid'; code: string; manualStates: readonly IndianState[] }
  /** The lookup call failed ('Failed to fetch location details'). */
  | { status: 'failed'; code: string; retry: () => void };

const SIX_DIGITS = /^\d{6}$/;

/**
 * Where a successful India Post answer puts the customer: the first post office's District and State, whether that
 * District is a town of the pincode (else the customer may type her town) and the pincode's towns.
 */
export function placeFromPincodeResult(
  result: PincodeResult,
): { city: string; state: string; cityEditable: boolean; towns: readonly string[] } | null {
  const offices = result.Status === 'Success' ? (result.PostOffice ?? []) : [];
  const office = offices[0];
  if (!office) return null;
  const state = canonicalStateName(office.State) ?? office.State.trim();
  const sameState = offices.filter((o) => (canonicalStateName(o.State) ?? o.State.trim()) === state);
  return {
    city: office.District.trim(),
    state,
    cityEditable: !directoryNameIsTown(offices),
    towns: directoryTownNames(sameState),
  };
}

export function statesForPincode(code: string): readonly IndianState[] {
  return PINCODE_ZONES[code.charAt(0)] ?? INDIAN_STATES;
}

/** Looks the pincode up once it has exactly 6 digits (`GET /api/pincode/:code`, cached per code). */
export function usePincodeLookup(pincode: string): PincodeLookup {
  const code = pincode.trim();
  const sixDigits = SIX_DIGITS.test(code);
  // A code starting with 0 is never a pincode: no need to ask.
  const wellFormed = sixDigits && PINCODE_PATTERN.test(code);
  const query = useQuery({ ...pincodeQueryOptions(code), enabled: wellFormed });

  if (!sixDigits) return { status: 'idle' };
  if (!wellFormed) return { status: 'invalid', code, manualStates: [] };
  if (query.isPending) return { status: 'loading', code };
  if (query.isError) return { status: 'failed', code, retry: () => void query.refetch() };
  const place = placeFromPincodeResult(query.data);
  if (!place) return { status: 'invalid', code, manualStates: statesForPincode(code) };
  return { status: 'found', code, ...place };
}
