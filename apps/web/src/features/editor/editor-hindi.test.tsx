import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { FRAME_PARTS, sizeGroupsFor, WHITE_BORDER_LEVELS, type FrameSet, type MotifBorder } from '@framewala/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { renderRoute, SAMPLE_SITE } from '../../test/render';
import { server } from '../../test/server';

const PHOTO = {
  _id: 'up-1',
  url: '/media/uploads/up-1/rendition.webp',
  thumbnailUrl: '/media/uploads/up-1/thumb.webp',
  imageType: 'landscape',
  width: 3000,
  height: 2000,
  dpi: { x: 96, y: 96 },
  format: 'jpeg',
  status: 'ready',
  parentId: null,
  crop: null,
};

/** The catalogue as the API serves it, each text with the Hindi the shop keeps beside it. */
const finish = (slug: string, name: string, nameHi: string, category: [string, string], description: [string, string]) => ({
  _id: `classic--${slug}`,
  frameName: name,
  frameNameHi: nameHi,
  frameCategory: category[0],
  frameCategoryHi: category[1],
  frameDescription: description[0],
  frameDescriptionHi: description[1],
  ...(Object.fromEntries(FRAME_PARTS.map((part) => [part, `/media/frames/v1/classic/${slug}/${part}.webp`])) as Record<
    (typeof FRAME_PARTS)[number],
    string
  >),
});

const SETS: FrameSet[] = [
  {
    _id: 'set-classic',
    frameName: 'Classic',
    frameNameHi: 'क्लासिक',
    sizeInInches: 1,
    framePrice: 5.5,
    thumbnailUrl: null,
    label: '1 in',
    padding: 0,
    frames: [
      finish('walnut', 'Walnut', 'वॉलनट', ['Wood', 'लकड़ी'], ['Rich chocolate-brown walnut.', 'गहरे चॉकलेटी भूरे रंग की वॉलनट लकड़ी।']),
      finish('matte-black', 'Matte Black', 'मैट ब्लैक', ['Black & White', 'ब्लैक और व्हाइट'], ['A deep satin black.', 'गहरा साटन काला रंग।']),
    ],
  },
];

const BORDERS: MotifBorder[] = (
  [
    ['No border', 'बिना बॉर्डर'],
    ['Hairline', 'बहुत पतला'],
    ['Slim', 'पतली पट्टी'],
  ] as const
).map(([name, nameHi], i) => ({ _id: `border-${i}`, name, nameHi, sizeName: 'None', size: WHITE_BORDER_LEVELS[i] ?? 0, price: i * 100 }));

function stubCatalogue({ sets = [] as FrameSet[], borders = [] as MotifBorder[] } = {}) {
  const groups = sizeGroupsFor('landscape').map((g) => ({ _id: g.id, format: g.format, sizes: g.sizes.map((s) => ({ _id: s.id, ...s })) }));
  server.use(
    http.get('/api/site', () => HttpResponse.json(SAMPLE_SITE)),
    http.get('/api/get-frame', () => HttpResponse.json({ getFrameSize: sets })),
    http.get('/api/get-motif-border-sizes', () => HttpResponse.json({ getMotifBorderSizes: borders })),
    http.post('/api/get-price-and-size', () => HttpResponse.json({ getSizes: groups })),
  );
}

// The editor's code loads on demand: load it once up front, so that the first test does not spend its time waiting
// for the module to be transformed on a busy machine.
beforeAll(async () => {
  await import('./editor-page');
}, 60_000);

afterEach(() => {
  i18n.activate('en');
});

/** The editor's own part of the page: its heading row and the step panel (the header belongs to another area). */
const editorText = () => {
  const heading = screen.getByRole('heading', { level: 1 });
  const panel = document.getElementById('editor-step-heading')?.closest('section');
  return `${heading.parentElement?.textContent ?? ''} ${panel?.textContent ?? ''}`;
};

describe('photo editor in Hindi', () => {
  it('walks from the options to a size and a custom size in Hindi, sizes reading “12 × 8 इंच”', async () => {
    await activateLocale('hi');
    stubCatalogue();
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: PHOTO }));
    const { user } = renderRoute('/edit-photo');

    // The editor's code and its Hindi catalogue load on demand.
    await screen.findByRole('heading', { level: 1, name: 'अपनी फ़ोटो एडिट करें' }, { timeout: 20_000 });
    expect(document.title).toBe('अपनी फ़ोटो एडिट करें — Framewala');
    expect(document.getElementById('editor-step-heading')).toHaveTextContent('बहुत बढ़िया लग रही है!');
    expect(editorText()).not.toMatch(/Looking great|Image Sizes|Custom Size|Pick a ready-made/);

    // The options panel → the preset sizes.
    await user.click(screen.getByRole('button', { name: /^फ़ोटो साइज़/ }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['फ़ॉर्मैट', 'साइज़', 'शुरुआती कीमत']);
    expect(within(table).getByRole('rowheader', { name: 'चौकोर' })).toBeInTheDocument();
    const size = within(table).getByRole('button', { name: /^12 × 8 इंच/ });
    expect(size).toHaveTextContent('बेहतरीन · 250 ppi');
    expect(within(table).getByRole('button', { name: /^60 × 33.75 इंच/ })).toHaveTextContent('कम · 50 ppi');
    expect(screen.getByRole('button', { name: /अगला: फ़्रेम चुनें/ })).toBeDisabled();
    await user.click(size);
    expect(screen.getByRole('button', { name: /अगला: फ़्रेम चुनें/ })).toBeEnabled();
    expect(screen.getByTestId('crop-area')).toHaveTextContent('12 × 8 इंच · तैयार साइज़');
    expect(editorText()).not.toMatch(/Choose your print size|Starting Price|Next: Select Frame|\d+x\d+ in|Excellent|Square/);

    // A custom size: out of range in Hindi, then a valid one with its price.
    await user.click(screen.getByRole('button', { name: 'अपना साइज़ चुनें' }));
    await user.type(screen.getByLabelText('चौड़ाई'), '50');
    await user.type(screen.getByLabelText('ऊँचाई'), '12');
    expect(screen.getByText('चौड़ाई ज़्यादा से ज़्यादा 40 इंच हो सकती है')).toBeVisible();
    await user.clear(screen.getByLabelText('चौड़ाई'));
    await user.type(screen.getByLabelText('चौड़ाई'), '16');
    expect(screen.getByText('16 × 12 इंच')).toBeVisible();
    expect(editorText()).toMatch(/· ₹[\d,.]+ से शुरू/);
    expect(editorText()).not.toMatch(/Choose your custom size|Width|Height|starting at|Enter a width/);
  }, 60_000);

  it('names the frame sets, finishes, categories, descriptions and borders in the Hindi the shop keeps with them', async () => {
    await activateLocale('hi');
    stubCatalogue({ sets: SETS, borders: BORDERS });
    const SIZE_12x8 = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };
    const draft = {
      photo: PHOTO,
      size: SIZE_12x8,
      crop: { x: 0, y: 0, width: 3000, height: 2000 },
      frameSetId: 'set-classic',
      frameId: 'classic--walnut',
    };
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ ...draft, step: 3, openFrameSetId: 'set-classic' }));
    const { user } = renderRoute('/edit-photo');
    await screen.findByRole('heading', { level: 1, name: 'अपनी फ़ोटो एडिट करें' }, { timeout: 20_000 });

    // The frame step: the open set's finishes, and the chosen one's category and description.
    const tiles = await screen.findByTestId('finish-tiles');
    expect(within(tiles).getByRole('button', { name: 'वॉलनट' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(tiles).getByRole('button', { name: 'मैट ब्लैक' }));
    expect(editorText()).toContain('फ़्रेम की कैटेगरी: ब्लैक और व्हाइट। गहरा साटन काला रंग।');
    expect(editorText()).toContain('क्लासिक');
    expect(screen.getByTestId('framed-preview')).toHaveAttribute('aria-label', expect.stringContaining('मैट ब्लैक'));
    expect(editorText()).not.toMatch(/Walnut|Matte Black|Classic|Black & White|satin/);

    // The white borders, then the summary.
    await user.click(screen.getByRole('button', { name: /अगला: मोटिफ़ साइज़ चुनें/ }));
    const borders = await screen.findByRole('list', { name: 'सफ़ेद बॉर्डर' });
    await user.click(within(borders).getAllByRole('button')[2]!);
    expect(editorText()).toContain('पतली पट्टी');
    await user.click(screen.getByRole('button', { name: /अगला: पूरा करें/ }));
    const details = await screen.findByTestId('frame-details');
    expect(details).toHaveTextContent('मैट ब्लैक · क्लासिक');
    expect(details).toHaveTextContent('पतली पट्टी');
    expect(details).toHaveTextContent('फ़्रेम की कैटेगरीब्लैक और व्हाइट');
    expect(details).toHaveTextContent('सफ़ेद बॉर्डरपतली पट्टी');
    expect(details).toHaveTextContent('गहरा साटन काला रंग।');
    expect(details.textContent).not.toMatch(/Matte Black|Classic|Slim|Black & White|satin/);
  }, 60_000);
});
