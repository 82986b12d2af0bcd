import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_PARTS, type FrameSet } from '@framewala/domain';
import { activateLocale, i18n } from '../../lib/i18n';
import { mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render';

const finish = (id: string, name: string) => ({
  _id: id,
  frameName: name,
  frameCategory: 'Wood',
  frameDescription: '',
  frameNameHi: null,
  frameCategoryHi: null,
  frameDescriptionHi: null,
  ...(Object.fromEntries(FRAME_PARTS.map((part) => [part, `/media/frames/${id}-${part}.png`])) as Record<
    (typeof FRAME_PARTS)[number],
    string
  >),
});

const FRAME_SETS: FrameSet[] = [
  {
    _id: 'set-slim',
    frameName: 'Slim',
    frameNameHi: null,
    sizeInInches: 0.8,
    framePrice: 1.5,
    thumbnailUrl: null,
    label: 'Slim',
    padding: 0,
    frames: [finish('f-black', 'Black')],
  },
  {
    _id: 'set-wide',
    frameName: 'Wide',
    frameNameHi: null,
    sizeInInches: 1.5,
    framePrice: 2,
    thumbnailUrl: null,
    label: 'Wide',
    padding: 0,
    frames: [finish('f-walnut', 'Walnut'), finish('f-teak', 'Teak')],
  },
];

afterEach(() => i18n.activate('en'));

describe('/edit-frame without an order', () => {
  it('shows every frame set in English, with its moulding, rate and finishes', { timeout: 30_000 }, async () => {
    mockApi({ 'GET /api/get-frame': { body: { getFrameSize: FRAME_SETS } } });
    renderRoute('/edit-frame');
    // The gallery and its catalogue load on demand: the first time, on a busy machine, that takes a while.
    const wide = await screen.findByRole('region', { name: 'Wide' }, { timeout: 20_000 });
    expect(within(wide).getByTestId('moulding-width')).toHaveTextContent('1.5 in moulding');
    expect(within(wide).getByTestId('frame-rate')).toHaveTextContent('₹2.00 per sq in');
    expect(wide).toHaveTextContent('· 2 finishes');
    expect(screen.getByRole('region', { name: 'Slim' })).toHaveTextContent('· 1 finish');
  });

  it('is a gallery in Hindi, with no English sentence left', { timeout: 30_000 }, async () => {
    await activateLocale('hi');
    mockApi({ 'GET /api/get-frame': { body: { getFrameSize: FRAME_SETS } } });
    renderRoute('/edit-frame');

    expect(await screen.findByRole('heading', { level: 1, name: 'फ़्रेम डिज़ाइन' }, { timeout: 20_000 })).toBeInTheDocument();
    const wide = await screen.findByRole('region', { name: 'Wide' });
    expect(within(wide).getByTestId('moulding-width')).toHaveTextContent('1.5 इंच मोल्डिंग');
    expect(within(wide).getByTestId('frame-rate')).toHaveTextContent('₹2.00 प्रति वर्ग इंच');
    expect(wide).toHaveTextContent('2 फ़िनिश');
    expect(within(wide).getAllByRole('img', { name: /Walnut फ़्रेम/ })).toHaveLength(1);
    expect(within(wide).getAllByAltText('ऊपर बायाँ कोना')).toHaveLength(2);

    const page = screen.getByRole('main').textContent ?? '';
    for (const english of ['Frame designs', 'Every moulding we make', 'in moulding', 'per sq in', 'The eight pieces', 'Start framing']) {
      expect(page, english).not.toContain(english);
    }
  });
});
