/**
 * Where a customer follows a shipment: the tracking page of the carrier the owner named when marking the order
 * shipped (docs/decisions/112-unknown-pincodes-and-tracking-links.md). The carrier is free text in the console, so it
 * is matched by its letters ('Blue Dart', 'BlueDart', 'bluedart express'); a carrier not listed gets no link.
 */
import { placeKey } from './india';

export interface CarrierTracking {
  /** The carrier's usual name. */
  carrier: string;
  /** Lower-case letters and digits ({@link placeKey}) a carrier's name starts with to be this one. */
  keys: readonly string[];
  /**
   * The tracking page for a number. India Post and Shadowfax offer no address that carries the number: their page
   * opens and the customer types the number there (`numberInUrl` false).
   */
  url: (trackingNumber: string) => string;
  numberInUrl: boolean;
}

const withNumber =
  (prefix: string, suffix = '') =>
  (n: string) =>
    `${prefix}${encodeURIComponent(n)}${suffix}`;

/** The carriers Indian shops ship with, and their public tracking pages. */
export const CARRIER_TRACKING: readonly CarrierTracking[] = [
  {
    carrier: 'India Post',
    keys: ['indiapost', 'speedpost', 'indianpost', 'registeredpost'],
    url: () => 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    numberInUrl: false,
  },
  { carrier: 'Delhivery', keys: ['delhivery'], url: withNumber('https://www.delhivery.com/track/package/'), numberInUrl: true },
  {
    carrier: 'Blue Dart',
    keys: ['bluedart'],
    url: withNumber('https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo='),
    numberInUrl: true,
  },
  {
    carrier: 'DTDC',
    keys: ['dtdc'],
    url: withNumber('https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=', '&TrkType2=awb_no'),
    numberInUrl: true,
  },
  { carrier: 'Ekart', keys: ['ekart'], url: withNumber('https://ekartlogistics.com/shipmenttrack/'), numberInUrl: true },
  {
    carrier: 'Xpressbees',
    keys: ['xpressbees', 'expressbees'],
    url: withNumber('https://www.xpressbees.com/shipment/tracking?awbNo='),
    numberInUrl: true,
  },
  { carrier: 'Shadowfax', keys: ['shadowfax'], url: () => 'https://tracker.shadowfax.in/', numberInUrl: false },
];

export interface TrackingLink {
  carrier: string;
  url: string;
  /** False: the page opens without the number, which the customer types there. */
  numberInUrl: boolean;
}

/** The tracking page of a shipment, or null when the carrier is not one the shop knows (the number is shown as text). */
export function trackingLink(carrier: string | null | undefined, trackingNumber: string | null | undefined): TrackingLink | null {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return null;
  const key = placeKey(carrier);
  const known = CARRIER_TRACKING.find((c) => c.keys.some((k) => key.startsWith(k)));
  return known ? { carrier: known.carrier, url: known.url(number), numberInUrl: known.numberInUrl } : null;
}
