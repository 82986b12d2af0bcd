import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';
import { mailTexts, type MailLine } from './index';

const line: MailLine = {
  sizeName: '12x18',
  finishName: 'Walnut',
  frameSetName: 'Classic Wood',
  mouldingIn: 1.5,
  borderName: 'Slim',
  borderIn: 0.8,
};
const at = new Date('2026-12-01T10:35:00Z'); // Tuesday, 4:05 pm in India

/** Sample arguments for a text that takes some, by its path. */
function sampleArgs(name: string): unknown[] {
  if (name === 'reset.validity') return [60, at];
  if (name === 'loginCode.validity') return [10];
  if (name === 'loginCode.subject') return ['Framewala', '042917'];
  if (name === 'confirmation.item') return [1, line, 2, '₹2,499.00'];
  if (name === 'status.frame') return [line, 2];
  if (name === 'status.item') return [2, line, 3];
  if (['confirmation.print', 'confirmation.frame', 'confirmation.border'].includes(name)) return [line];
  if (name === 'confirmation.shipping') return [null];
  if (name === 'confirmation.discount') return ['−₹135.00', 'DIWALI10'];
  if (name === 'confirmation.arrives') return [{ earliest: '2026-12-02', latest: '2026-12-05' }];
  return ['FW-2612-ABC123', 'pay_1'];
}

/** Every text of a catalogue by its path, functions called with sample arguments. */
function leaves(texts: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'string') out.set(name, value);
    else if (typeof value === 'function') out.set(name, String((value as (...a: unknown[]) => unknown)(...sampleArgs(name))));
    else for (const [k, v] of leaves(value as object, `${name}.`)) out.set(k, v);
  }
  return out;
}

describe('the e-mail texts', () => {
  it('have every English text in Hindi, written in Devanagari', () => {
    const english = leaves(en);
    const hindi = leaves(hi);
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of hindi) {
      if (key === 'signature') continue; // '— Framewala' in every language
      expect(text, key).toMatch(/[\u0900-\u097F]/);
      expect(text, key).not.toBe(english.get(key));
    }
  });

  it('use the glossary: nukta loanwords, the polite imperative, Latin digits and inches', () => {
    const all = [...leaves(hi).values()].join('\n');
    for (const wrong of ['फ्रेम', 'साइज ', 'फोटो', 'करो', 'चुनो', 'देखो']) expect(all).not.toContain(wrong);
    expect(hi.confirmation.print(line)).toBe('प्रिंट: 12 × 18 इंच');
    expect(hi.confirmation.border({ ...line, borderIn: 0, borderName: 'No border' })).toBe('सफ़ेद बॉर्डर: नहीं');
    expect(hi.confirmation.shipping(null)).toBe('डिलीवरी शुल्क: मुफ़्त');
    expect(hi.confirmation.discount('−₹135.00', 'DIWALI10')).toBe('छूट (DIWALI10): −₹135.00');
    expect(hi.confirmation.arrives({ earliest: '2026-12-02', latest: '2026-12-05' })).toBe(
      'आपका ऑर्डर बुध, 2 दिस॰ से शनि, 5 दिस॰ के बीच पहुँचेगा (हमारा अनुमान)।',
    );
    expect(en.confirmation.arrives({ earliest: '2026-12-02', latest: '2026-12-05' })).toBe(
      'Arrives between Wed 2 Dec and Sat 5 Dec (our estimate).',
    );
    expect(hi.reset.validity(60, at)).toBe('यह लिंक सिर्फ़ एक बार काम करेगा और 1 घंटे बाद (मंगलवार, 1 दिसंबर, शाम 4:05 बजे IST) ख़त्म हो जाएगा।');
    expect(en.reset.validity(60, at)).toBe('The link works once and expires in 1 hour (at 4:05 pm IST on 1 Dec 2026).');
  });

  it('name the frame and border in the Hindi the order recorded, and in English where it recorded none', () => {
    const hindiNames: MailLine = { ...line, finishNameHi: 'वॉलनट', frameSetNameHi: 'क्लासिक वुड', borderNameHi: 'पतला' };
    expect(hi.confirmation.frame(hindiNames)).toBe('फ़्रेम: वॉलनट (क्लासिक वुड), 1.5 इंच मोल्डिंग');
    expect(hi.confirmation.border(hindiNames)).toBe('सफ़ेद बॉर्डर: पतला (0.8 इंच)');
    expect(hi.status.frame(hindiNames, 1)).toBe('फ़्रेम: वॉलनट (क्लासिक वुड), प्रिंट 12 × 18 इंच');
    expect(hi.confirmation.frame({ ...line, finishNameHi: null })).toBe('फ़्रेम: Walnut (Classic Wood), 1.5 इंच मोल्डिंग');
    expect(en.confirmation.frame(hindiNames)).toBe('Frame: Walnut (Classic Wood), 1.5 in moulding');
  });

  it('greet an account without a name yet (made by a sign-in code) without a blank where the name goes', () => {
    expect(en.hello('Asha')).toBe('Hello Asha,');
    expect(en.hello('')).toBe('Hello,');
    expect(hi.hello('')).toBe('नमस्ते,');
  });

  it('fall back to English for an account without a language', () => {
    expect(mailTexts(null)).toBe(en);
    expect(mailTexts('hi')).toBe(hi);
  });
});
