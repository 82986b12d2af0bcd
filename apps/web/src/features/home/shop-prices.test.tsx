import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WHITE_BORDER_LEVELS, type FrameSet, type MotifBorder } from '@framewala/domain';
import { activateLocale, i18n } from '../../lib/i18n';
import { mockApi } from '../../test/mock-api';
import { renderRoute, SAMPLE_SITE } from '../../test/render';

const finish = (set: string, name: string) => {
  const part = (p: string) => `/media/frames/v1/${set}/${name.toLowerCase().replace(/ /g, '-')}/${p}.webp`;
  return {
    _id: `${set}--${name}`,
    frameName: name,
    frameNameHi: name === 'Walnut' ? 'अखरोट' : null,
    frameCategory: 'Wood',
    frameCategoryHi: null,
    frameDescription: `${name}.`,
    frameDescriptionHi: null,
    sideUp: part('side-up'),
    sideDown: part('side-down'),
    sideLeft: part('side-left'),
    sideRight: part('side-right'),
    topLeft: part('top-left'),
    topRight: part('top-right'),
    bottomLeft: part('bottom-left'),
    bottomRight: part('bottom-right'),
  };
};

const set = (id: string, name: string, rate: number, moulding: number, finishes: string[]): FrameSet => ({
  _id: id,
  frameName: name,
  frameNameHi: null,
  sizeInInches: moulding,
  framePrice: rate,
  thumbnailUrl: null,
  label: `${moulding} in`,
  padding: 0,
  frames: finishes.map((f) => finish(id, f)),
});

// The owner's catalogue, cheapest set last: the landing page must find it, not take the first.
const SETS: FrameSet[] = [
  set('classic', 'Classic', 5.5, 1, ['Walnut', 'Matte Black']),
  set('gallery', 'Gallery', 7, 1.5, ['Ebony', 'Teak']),
  set('slim', 'Slim Edge', 4.25, 0.8, ['Matte Black', 'Gallery White', 'Oak']),
];

const BORDERS: MotifBorder[] = (
  [
    ['No border', 'None', 0],
    ['Hairline', '0.4 in (1 cm)', 99],
    ['Slim', '0.8 in (2 cm)', 149],
    ['Classic', '1.2 in (3 cm)', 199],
    ['Wide', '2 in (5 cm)', 299],
    ['Gallery', '3.1 in (8 cm)', 449],
    ['Museum', '4.7 in (12 cm)', 699],
  ] as const
).map(([name, sizeName, price], i) => ({ _id: `border-${i}`, name, nameHi: null, sizeName, size: WHITE_BORDER_LEVELS[i] ?? 0, price }));

function stubShop({ freeShippingFromPaise = 199_900 } = {}) {
  return mockApi({
    'GET /api/site': { body: { ...SAMPLE_SITE, freeShippingFromPaise } },
    'GET /api/get-frame': { body: { getFrameSize: SETS } },
    'GET /api/get-motif-border-sizes': { body: { getMotifBorderSizes: BORDERS } },
  });
}

describe('landing page: what a frame costs', () => {
  it('prices a framed 12 × 8 in from the cheapest frame set the shop serves, and free delivery from its own setting', async () => {
    stubShop({ freeShippingFromPaise: 149_900 });
    renderRoute('/');
    const prices = await screen.findByRole('region', { name: 'What a frame costs' });
    // 12 × 8 = 96 sq in × ₹4.25 (Slim Edge, the cheapest) = ₹408.
    expect(await within(prices).findByTestId('price-from')).toHaveTextContent('Framed 12 × 8 in from ₹408');
    expect(within(prices).getByTestId('free-delivery')).toHaveTextContent('Free delivery on orders of ₹1,499 or more');
  });

  it('draws three framed examples from the catalogue, each priced by the domain as drawn', async () => {
    stubShop();
    renderRoute('/');
    const list = await screen.findByRole('list', { name: 'Framed examples' });
    const cards = await within(list).findAllByTestId('framed-example');
    expect(cards).toHaveLength(3);
    // Each is drawn by the shop's renderer from a bundled sample photo (never a stock picture).
    for (const card of cards) {
      const photo = card.querySelector('img')!;
      expect(photo.getAttribute('src')).toMatch(/samples\/[a-z-]+\.webp$/);
    }
    // The lake: 12 × 8, the first set's first finish, no border: 96 × ₹5.50 = ₹528.
    expect(cards[0]).toHaveTextContent('Walnut · Classic');
    expect(cards[0]).toHaveTextContent('12 × 8 in, no white border');
    expect(within(cards[0]!).getByTestId('example-price')).toHaveTextContent('₹528 as shown');
    // The marigold: 10 × 10, the second set's first finish, a 1.2 in border: 100 × ₹7 + ₹199 = ₹899.
    expect(cards[1]).toHaveTextContent('Ebony · Gallery');
    expect(cards[1]).toHaveTextContent('10 × 10 in, white border 1.2 in (3 cm)');
    expect(within(cards[1]!).getByTestId('example-price')).toHaveTextContent('₹899 as shown');
    // The doorway: A4 upright, the third set's third finish, 8.3 × 11.7 = 97.11 → 97 sq in × ₹4.25 = ₹412.25, a 2 in border ₹299: ₹711.
    expect(cards[2]).toHaveTextContent('Oak · Slim Edge');
    expect(cards[2]).toHaveTextContent('8.3 × 11.7 in, white border 2 in (5 cm)');
    expect(within(cards[2]!).getByTestId('example-price')).toHaveTextContent('₹711 as shown');
  });

  it('shows no figure it does not have: nothing is typed in while the shop cannot be reached', async () => {
    renderRoute('/');
    // The catalogue and the site settings fail (the test server answers neither): the section goes, figures and all.
    expect(await screen.findByRole('region', { name: 'What a frame costs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'What a frame costs' })).toBeNull());
    expect(document.body.textContent).not.toMatch(/Framed 12 × 8 in from|Free delivery on orders of|₹\d/);
    expect(screen.queryByTestId('framed-example')).toBeNull();
  });

  it('keeps the figure it has when the other cannot be read: delivery without the catalogue', async () => {
    mockApi({ 'GET /api/site': { body: { ...SAMPLE_SITE, freeShippingFromPaise: 199_900 } } });
    renderRoute('/');
    const prices = await screen.findByRole('region', { name: 'What a frame costs' });
    expect(await within(prices).findByTestId('free-delivery')).toHaveTextContent('Free delivery on orders of ₹1,999 or more');
    await waitFor(() => expect(within(prices).queryByRole('list', { name: 'Framed examples' })).toBeEmptyDOMElement());
    expect(within(prices).queryByTestId('price-from')).toBeNull();
    expect(prices.querySelector('.animate-pulse')).toBeNull();
  });

  describe('in Hindi', () => {
    afterEach(() => i18n.activate('en'));

    it('says the same figures in Hindi, with the catalogue’s Hindi names', async () => {
      await activateLocale('hi');
      stubShop();
      renderRoute('/');
      const prices = await screen.findByRole('region', { name: 'एक फ़्रेम की कीमत' });
      expect(await within(prices).findByTestId('price-from')).toHaveTextContent('12 × 8 इंच फ़्रेम सहित ₹408 से');
      expect(within(prices).getByTestId('free-delivery')).toHaveTextContent('₹1,999 या उससे ज़्यादा के ऑर्डर पर मुफ़्त डिलीवरी');
      const cards = await within(prices).findAllByTestId('framed-example');
      expect(cards[0]).toHaveTextContent('अखरोट · Classic');
      expect(cards[0]).toHaveTextContent('12 × 8 इंच, बिना सफ़ेद बॉर्डर');
      expect(cards[0]).toHaveTextContent('जैसा दिखाया है, ₹528');
    });
  });
});
