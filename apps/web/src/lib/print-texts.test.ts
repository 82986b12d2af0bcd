import {
  CUSTOM_SIZE_MESSAGES,
  DEFAULT_WHITE_BORDERS,
  LOW_QUALITY_WARNING,
  SHRUNK_COPY_NOTICE,
  formatOuterSize,
  framedOuterSize,
  printQuality,
  validateCustomSize,
} from '@framewala/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n';
import {
  BORDER_NAME_TEXTS,
  CUSTOM_SIZE_TEXTS,
  NOTICE_TEXTS,
  borderNameText,
  borderWidthText,
  customSizeErrorText,
  outerSizeText,
  qualityLabel,
  qualityWarning,
  shrunkCopyText,
  sizeFormatText,
  sizeNameText,
} from './print-texts';

afterEach(() => {
  i18n.activate('en');
});

const low = printQuality({ pixelsWide: 1000, pixelsHigh: 700, widthIn: 30, heightIn: 20 });
const sharpened = printQuality({ pixelsWide: 4800, pixelsHigh: 3200, widthIn: 18, heightIn: 12, aiUpscale: 4 });
const outer = framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 1.2, mouldingIn: 1 });

describe('print texts in English are the domain’s texts', () => {
  it('keys each translation by the domain’s own text, with that same English', () => {
    for (const [text, descriptor] of Object.entries({ ...NOTICE_TEXTS, ...CUSTOM_SIZE_TEXTS, ...BORDER_NAME_TEXTS })) {
      expect(i18n._(descriptor)).toBe(text);
    }
    expect(shrunkCopyText()).toBe(SHRUNK_COPY_NOTICE);
  });

  it('shows the verdicts, sizes, custom-size messages and borders as the domain writes them', () => {
    expect(qualityLabel(low)).toBe(low.label);
    expect(qualityLabel(sharpened)).toBe(sharpened.label);
    expect(qualityLabel(sharpened)).toBe('Good · AI-sharpened');
    expect(qualityWarning(low)).toBe(LOW_QUALITY_WARNING);
    expect(outerSizeText(outer)).toBe(formatOuterSize(outer));
    expect(sizeNameText('12x8')).toBe('12x8 in');
    expect(sizeNameText('A4 11.7x8.3')).toBe('A4 11.7x8.3 in');
    const check = validateCustomSize('50', '2');
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(customSizeErrorText(check.errors.width!)).toBe(CUSTOM_SIZE_MESSAGES.Width.tooLarge);
      expect(customSizeErrorText(check.errors.height!)).toBe('Height must be at least 4 in');
    }
    for (const border of DEFAULT_WHITE_BORDERS) {
      expect(borderNameText(border.name)).toBe(border.name);
      expect(borderWidthText(border.sizeName)).toBe(border.sizeName);
    }
    expect(sizeFormatText('Square')).toBe('Square');
  });
});

describe('print texts in Hindi', () => {
  it('writes sizes as shops do, “12 × 8 इंच”, and translates verdicts and names, keeping the owner’s own names', async () => {
    await activateLocale('hi');
    expect(sizeNameText('12x8')).toBe('12 × 8 इंच');
    expect(sizeNameText('A4 11.7x8.3')).toBe('A4 11.7 × 8.3 इंच');
    expect(qualityLabel(low)).toBe(`कम · ${low.ppi} ppi`);
    expect(qualityLabel(sharpened)).toBe('अच्छी · AI से शार्प की गई');
    expect(qualityWarning(low)).toBe('पास से देखने पर धुंधली लग सकती है। छोटा साइज़ चुनें, या फ़ोटो को शार्प करें।');
    expect(outerSizeText(outer)).toBe(`${outer.widthIn} × ${outer.heightIn} इंच (${outer.widthCm} × ${outer.heightCm} सेमी)`);
    expect(customSizeErrorText(CUSTOM_SIZE_MESSAGES.Height.missing)).toBe('ऊँचाई इंच में डालें');
    expect(borderNameText('Hairline')).toBe('बहुत पतला');
    expect(borderNameText('Rajwadi gold')).toBe('Rajwadi gold');
    expect(borderWidthText('0.4 in (1 cm)')).toBe('0.4 इंच (1 सेमी)');
    expect(sizeFormatText('Square')).toBe('चौकोर');
    expect(sizeFormatText('3:2')).toBe('3:2');
    expect(shrunkCopyText()).toMatch(/^यह WhatsApp पर भेजी गई कॉपी लगती है।/);
  });
});
