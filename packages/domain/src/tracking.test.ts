import { describe, expect, it } from 'vitest';
import { CARRIER_TRACKING, trackingLink } from './tracking';

describe('trackingLink', () => {
  it("links each known carrier's tracking page, the number in the address where the page takes it", () => {
    expect(trackingLink('Delhivery', '1234567890123')).toEqual({
      carrier: 'Delhivery',
      url: 'https://www.delhivery.com/track/package/1234567890123',
      numberInUrl: true,
    });
    expect(trackingLink('Blue Dart', '50912345678')?.url).toBe(
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=50912345678',
    );
    expect(trackingLink('DTDC', 'D12345678')?.url).toBe(
      'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=D12345678&TrkType2=awb_no',
    );
    expect(trackingLink('Ekart', 'FMPP0123456789')?.url).toBe('https://ekartlogistics.com/shipmenttrack/FMPP0123456789');
    expect(trackingLink('Xpressbees', '14123456789012')?.url).toBe('https://www.xpressbees.com/shipment/tracking?awbNo=14123456789012');
    expect(trackingLink('India Post', 'EE123456789IN')).toEqual({
      carrier: 'India Post',
      url: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
      numberInUrl: false,
    });
    expect(trackingLink('Shadowfax', 'SF123')?.numberInUrl).toBe(false);
    for (const c of CARRIER_TRACKING) expect(c.url('X1').startsWith('https://'), c.carrier).toBe(true);
  });

  it('matches the carrier however the owner typed it', () => {
    for (const name of ['bluedart', 'BLUE DART', 'Blue Dart Express', 'Blue-Dart']) {
      expect(trackingLink(name, '1')?.carrier, name).toBe('Blue Dart');
    }
    expect(trackingLink('Speed Post', 'EE1IN')?.carrier).toBe('India Post');
    expect(trackingLink('India Post (Speed Post)', 'EE1IN')?.carrier).toBe('India Post');
    expect(trackingLink(' delhivery ', '1')?.carrier).toBe('Delhivery');
  });

  it('encodes the number and trims it', () => {
    expect(trackingLink('Delhivery', ' AB 12/3 ')?.url).toBe('https://www.delhivery.com/track/package/AB%2012%2F3');
  });

  it('gives no link for an unknown carrier, or without a carrier or a number', () => {
    expect(trackingLink('Ram Couriers', '123')).toBeNull();
    expect(trackingLink(null, '123')).toBeNull();
    expect(trackingLink('Delhivery', null)).toBeNull();
    expect(trackingLink('Delhivery', '  ')).toBeNull();
    expect(trackingLink('', '123')).toBeNull();
  });
});
