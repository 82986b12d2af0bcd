import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_PARTS, REFERENCE_OBJECTS, formatOuterSize, framedOuterSize, type FrameSet, type ReferenceId } from '@framewala/domain';
import { activateLocale, i18n } from '../../lib/i18n';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render';
import { inchesText, outerSizeText } from '../../lib/print-texts';
import { REFERENCE_LABELS } from './wall-texts';

const FRAME_SETS: FrameSet[] = [
  {
    _id: 'set-walnut',
    frameName: 'Walnut',
    frameNameHi: null,
    sizeInInches: 1.5,
    framePrice: 2,
    thumbnailUrl: null,
    label: 'Walnut',
    padding: 0,
    frames: [
      {
        _id: 'f-walnut',
        frameName: 'Walnut',
        frameCategory: 'Wood',
        frameDescription: '',
        frameNameHi: null,
        frameCategoryHi: null,
        frameDescriptionHi: null,
        ...(Object.fromEntries(FRAME_PARTS.map((part) => [part, `/media/frames/walnut-${part}.png`])) as Record<
          (typeof FRAME_PARTS)[number],
          string
        >),
      },
    ],
  },
];

/** An order at the summary step: a 12 × 8 in print in the Walnut finish with a white border (level 3). */
function storeOrder() {
  const photo = { _id: 'p1', url: '/media/p1.jpg', width: 3000, height: 2000, imageType: 'photo' };
  const size = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };
  window.localStorage.setItem(
    ORDER_STORAGE_KEY,
    JSON.stringify({ photo, size, step: 5, frameSetId: 'set-walnut', frameId: 'f-walnut', borderLevel: 3 }),
  );
}

afterEach(() => i18n.activate('en'));

describe('the wall page’s texts from the domain', () => {
  it('say in English exactly what the domain says', () => {
    for (const id of Object.keys(REFERENCE_OBJECTS) as ReferenceId[])
      expect(i18n._(REFERENCE_LABELS[id]), id).toBe(REFERENCE_OBJECTS[id].label);
    for (const input of [
      { widthIn: 12, heightIn: 8, borderIn: 1.2, mouldingIn: 1.5 },
      { widthIn: 11.7, heightIn: 8.3, borderIn: 0, mouldingIn: 0.8 },
    ]) {
      const outer = framedOuterSize(input);
      expect(outerSizeText(outer)).toBe(formatOuterSize(outer));
    }
  });

  it('write sizes in inches and centimetres in Hindi', async () => {
    await activateLocale('hi', ['wall']);
    expect(outerSizeText(framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 0, mouldingIn: 1 }))).toBe('14 × 10 इंच (35.6 × 25.4 सेमी)');
    expect(inchesText(12, 8)).toBe('12 × 8 इंच');
    for (const id of Object.keys(REFERENCE_OBJECTS) as ReferenceId[]) expect(i18n._(REFERENCE_LABELS[id]), id).toMatch(/[\u0900-\u097F]/);
  });
});

describe('/see-it-on-a-wall in Hindi', () => {
  it('shows the rooms, the views and the order’s frame in Hindi, with no English sentence left', { timeout: 30_000 }, async () => {
    await activateLocale('hi', ['wall']);
    storeOrder();
    mockApi({ 'GET /api/get-frame': { body: { getFrameSize: FRAME_SETS } } });
    renderRoute('/see-it-on-a-wall');

    // The page and its catalogue load on demand: the first time, on a busy machine, that takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'दीवार पर देखें' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'कमरे में' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('group', { name: 'कमरा' })).getByRole('button', { name: 'लिविंग रूम' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('Walnut फ़्रेम, 1.2 इंच सफ़ेद बॉर्डर')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '12 × 8 इंच · आपका' })).toHaveAttribute('aria-pressed', 'true');
    // 12 × 8 in, a 1.2 in border and a 1.5 in moulding on each side.
    expect(screen.getByTestId('room-outer-size')).toHaveTextContent('17.4 × 13.4 इंच (44.2 × 34 सेमी)');

    const main = screen.getByRole('main').textContent ?? '';
    for (const english of [
      'See it on a wall',
      'Drawn to scale',
      'Outer size',
      'Compare print sizes',
      'Living room',
      'Walnut frame',
      ' in (',
    ]) {
      expect(main, english).not.toContain(english);
    }
  });
});
