import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  financialYear,
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinProblem,
  gstOf,
  includedGstPaise,
  invoiceNumber,
  isValidGstin,
  numberInIndianWords,
  orderTaxItems,
  SHIPPING_SAC,
  stateOfGstCode,
  taxBreakdown,
  type TaxableItem,
} from './gst';
import { INDIAN_STATES } from './india';

// Registrations published by their holders (invoices, websites): each has the right check character.
const VALID = ['27AAPFU0939F1ZV', '07AAGFF2194N1Z1', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'];

describe('GSTIN', () => {
  it('accepts real registrations and computes their check character', () => {
    for (const g of VALID) {
      expect(isValidGstin(g), g).toBe(true);
      expect(gstinCheckCharacter(g.slice(0, 14)), g).toBe(g[14]);
    }
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
  });

  it('refuses a wrong check character, a typo, a bad shape and an unknown state code', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false); // check character changed
    expect(isValidGstin('27AAPFU0939F1ZV'.replace('0939', '0993'))).toBe(false); // two digits swapped
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false); // 14 characters
    expect(isValidGstin('27AAPFU0939F1XV')).toBe(false); // no Z
    expect(isValidGstin('2AAAPFU0939F1ZV')).toBe(false);
    const unknownState = `99AAPFU0939F1Z`;
    expect(isValidGstin(unknownState + gstinCheckCharacter(unknownState))).toBe(false);
  });

  it('says in words what is wrong, and that the state must be the billing state', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toMatchObject({
      problem: 'check_character',
      message: expect.stringMatching(/last character/),
    });
    expect(gstinProblem('hello', 'Maharashtra')).toMatchObject({ problem: 'format', message: expect.stringMatching(/15 characters/) });
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toEqual({
      problem: 'state_mismatch',
      message: 'This GSTIN is registered in Maharashtra, but the billing state is Karnataka.',
    });
  });

  it('maps every state to a distinct code and back', () => {
    const codes = INDIAN_STATES.map((s) => GST_STATE_CODES[s]);
    expect(new Set(codes).size).toBe(INDIAN_STATES.length);
    for (const s of INDIAN_STATES) expect(stateOfGstCode(GST_STATE_CODES[s])).toBe(s);
    expect(GST_STATE_CODES.Karnataka).toBe('29');
    expect(stateOfGstCode('25')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateOfGstCode('00')).toBeUndefined();
  });
});

describe('financial-year invoice numbers', () => {
  it('turns the year on 1 April in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T23:59:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:31:00Z'))).toBe('2027-28'); // 00:01 on 1 April in Kolkata
    expect(financialYear(new Date('2027-01-15T12:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers with the prefix, the year and six digits', () => {
    expect(invoiceNumber('FW', '2026-27', 123)).toBe('FW/2026-27/000123');
    expect(invoiceNumber('FW', '2026-27', 1_234_567)).toBe('FW/2026-27/1234567');
    expect(() => invoiceNumber('FW', '2026-27', 0)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('writes rupees and paise in the Indian system', () => {
    expect(amountInWords(123456)).toBe('Rupees One Thousand Two Hundred Thirty-Four and Fifty-Six Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Five Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(amountInWords(12_34_567_00 + 10)).toBe('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Ten Paise Only');
    expect(numberInIndianWords(100_000)).toBe('One Lakh');
    expect(numberInIndianWords(2_00_05_010)).toBe('Two Crore Five Thousand Ten');
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('tax rows of inclusive prices', () => {
  const items: TaxableItem[] = [
    { description: 'Frame A', hsn: '4414', quantity: 2, grossPaise: 259_800, discountable: true },
    { description: 'Frame B', hsn: '4414', quantity: 1, grossPaise: 99_900, discountable: true },
    { description: 'Shipping', hsn: '996812', quantity: 1, grossPaise: 9_900, discountable: false },
  ];

  it('takes the taxable value out of the price: ₹1,180 at 18 % is ₹1,000 + ₹180', () => {
    const t = taxBreakdown([{ description: 'x', hsn: '4414', quantity: 1, grossPaise: 118_000, discountable: true }], 0, 1800, false);
    expect(t.rows[0]).toMatchObject({ taxablePaise: 100_000, igstPaise: 18_000, cgstPaise: 0, sgstPaise: 0, totalPaise: 118_000 });
  });

  it('splits CGST and SGST within the state, IGST across, and the odd paisa goes to SGST', () => {
    const t = taxBreakdown([{ description: 'x', hsn: '4414', quantity: 1, grossPaise: 100, discountable: true }], 0, 1800, true);
    // 100 / 1.18 = 84.75 → 85 taxable, 15 tax → 7 + 8
    expect(t.rows[0]).toMatchObject({ taxablePaise: 85, cgstPaise: 7, sgstPaise: 8, igstPaise: 0 });
    const inter = taxBreakdown([{ description: 'x', hsn: '4414', quantity: 1, grossPaise: 100, discountable: true }], 0, 1800, false);
    expect(inter.rows[0]).toMatchObject({ taxablePaise: 85, cgstPaise: 0, sgstPaise: 0, igstPaise: 15 });
  });

  it('spreads the discount over the discountable rows only, and every row and the whole add up exactly to the amount paid', () => {
    for (const rateBp of [0, 500, 1200, 1800, 2800]) {
      for (const discount of [0, 1, 333, 10_000, 35_967]) {
        for (const intra of [true, false]) {
          const t = taxBreakdown(items, discount, rateBp, intra);
          const paid = items.reduce((s, i) => s + i.grossPaise, 0) - discount;
          expect(t.totalPaise).toBe(paid);
          expect(t.discountPaise).toBe(discount);
          expect(t.rows[2]!.discountPaise).toBe(0);
          expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(paid);
          for (const r of t.rows) {
            expect(r.taxablePaise + r.cgstPaise + r.sgstPaise + r.igstPaise).toBe(r.totalPaise);
            expect(Math.abs(r.taxablePaise - r.totalPaise / (1 + rateBp / 10_000))).toBeLessThanOrEqual(0.5);
          }
        }
      }
    }
  });
});

describe("an order's invoice rows and the GST it includes", () => {
  it('lists the lines, then shipping under its SAC; the discount covers shipping only when the code says so', () => {
    const lines = [{ description: 'Framed print 12x8', hsn: '4414', quantity: 2, grossPaise: 105_600 }];
    expect(orderTaxItems(lines, 0, false)).toEqual([{ ...lines[0], discountable: true }]);
    const items = orderTaxItems(lines, 9_900, false);
    expect(items[1]).toEqual({ description: 'Shipping', hsn: SHIPPING_SAC, quantity: 1, grossPaise: 9_900, discountable: false });
    expect(orderTaxItems(lines, 9_900, true)[1]!.discountable).toBe(true);
  });

  it('is the GST of the invoice built from the same rows: ₹1,180 at 18 % includes ₹180', () => {
    expect(
      includedGstPaise({ linesPaise: [118_000], shippingPaise: 0, discountPaise: 0, discountCoversShipping: false, rateBp: 1800 }),
    ).toBe(18_000);
    expect(includedGstPaise({ linesPaise: [118_000], shippingPaise: 0, discountPaise: 0, discountCoversShipping: false, rateBp: 0 })).toBe(
      0,
    );
    for (const covers of [true, false]) {
      for (const intra of [true, false]) {
        const order = {
          linesPaise: [52_800, 82_700],
          shippingPaise: 14_900,
          discountPaise: 13_553,
          discountCoversShipping: covers,
          rateBp: 1800,
        };
        const rows = orderTaxItems(
          order.linesPaise.map((grossPaise) => ({ description: 'x', hsn: '4414', quantity: 1, grossPaise })),
          order.shippingPaise,
          covers,
        );
        expect(includedGstPaise(order)).toBe(gstOf(taxBreakdown(rows, order.discountPaise, 1800, intra)));
      }
    }
  });
});
