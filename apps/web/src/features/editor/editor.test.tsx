import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { WHITE_BORDER_LEVELS, sizeGroupsFor, type FrameSet, type MotifBorder } from '@framewala/domain';
import { i18n } from '../../lib/i18n';
import { ORDER_STORAGE_KEY, readStoredOrder } from '../../lib/order-draft/stored-order';
import { type OrderDraft } from '../../lib/order-draft/order-draft';
import { CART_STORAGE_KEY, getLocalCart, lineBody } from '../../lib/cart/local-cart';
import { mockApi, signInAs } from '../../test/mock-api';
import { renderRoute, SAMPLE_SITE } from '../../test/render';
import { OPTIONS_HEADING, OPTIONS_HINT } from './options-texts';

// ── Fixtures: the catalogue as the API serves it ─────────────────────────────────────────────────────────────

const part = (set: string, finish: string, p: string) => `/media/frames/v1/${set}/${finish}/${p}.webp`;
const frame = (set: string, finish: string, name: string) => ({
  _id: `${set}--${finish}`,
  frameName: name,
  frameCategory: name === 'Walnut' ? 'Wood' : 'Black & White',
  frameDescription: `${name} description.`,
  frameNameHi: null,
  frameCategoryHi: null,
  frameDescriptionHi: null,
  sideUp: part(set, finish, 'side-up'),
  sideDown: part(set, finish, 'side-down'),
  sideLeft: part(set, finish, 'side-left'),
  sideRight: part(set, finish, 'side-right'),
  topLeft: part(set, finish, 'top-left'),
  topRight: part(set, finish, 'top-right'),
  bottomLeft: part(set, finish, 'bottom-left'),
  bottomRight: part(set, finish, 'bottom-right'),
});

const SETS: FrameSet[] = [
  {
    _id: 'set-slim-edge',
    frameName: 'Slim Edge',
    frameNameHi: null,
    sizeInInches: 0.8,
    framePrice: 4.5,
    thumbnailUrl: '/media/frames/v1/slim-edge/thumbnail.webp',
    label: '0.8 in',
    padding: 0,
    frames: [frame('slim-edge', 'matte-black', 'Matte Black'), frame('slim-edge', 'gallery-white', 'Gallery White')],
  },
  {
    _id: 'set-classic',
    frameName: 'Classic',
    frameNameHi: null,
    sizeInInches: 1,
    framePrice: 5.5,
    thumbnailUrl: null,
    label: '1 in',
    padding: 0,
    frames: [frame('classic', 'walnut', 'Walnut'), frame('classic', 'matte-black', 'Matte Black')],
  },
];

const BORDERS: MotifBorder[] = (
  [
    ['No border', 'None', 0],
    ['Hairline', '0.4 in (1 cm)', 99],
    ['Narrow', '0.8 in (2 cm)', 149],
    ['Medium', '1.2 in (3 cm)', 199],
    ['Wide', '2 in (5 cm)', 299],
    ['Extra wide', '3.1 in (8 cm)', 449],
    ['Widest', '4.7 in (12 cm)', 699],
  ] as const
).map(([name, sizeName, price], i) => ({ _id: `border-${i}`, name, nameHi: null, sizeName, size: WHITE_BORDER_LEVELS[i] ?? 0, price }));

function sizeGroups(imageType: 'landscape' | 'portrait' | 'square') {
  return sizeGroupsFor(imageType).map((g) => ({ _id: g.id, format: g.format, sizes: g.sizes.map((s) => ({ _id: s.id, ...s })) }));
}

function stubCatalogue() {
  const { calls } = mockApi({
    'GET /api/site': { body: SAMPLE_SITE },
    'GET /api/get-frame': { body: { getFrameSize: SETS } },
    'GET /api/get-motif-border-sizes': { body: { getMotifBorderSizes: BORDERS } },
    'POST /api/get-price-and-size': (call) => ({ body: { getSizes: sizeGroups((call.body as { imageType: 'landscape' }).imageType) } }),
  });
  return calls;
}

const PHOTO = {
  _id: 'up-1',
  url: '/media/uploads/up-1/rendition.webp',
  thumbnailUrl: '/media/uploads/up-1/thumb.webp',
  imageType: 'landscape' as const,
  width: 3000,
  height: 2000,
  dpi: { x: 96, y: 96 },
  format: 'jpeg',
  status: 'ready',
  parentId: null,
  crop: null,
};

const SIZE_12x8 = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };

function seed(order: Partial<OrderDraft> & Record<string, unknown> = {}) {
  window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: PHOTO, ...order }));
}

const stored = () => readStoredOrder() as Partial<OrderDraft> & Record<string, unknown>;

async function openEditor(order: Partial<OrderDraft> & Record<string, unknown> = {}) {
  const calls = stubCatalogue();
  seed(order);
  const result = renderRoute('/edit-photo');
  await screen.findByRole('heading', { level: 1, name: 'Edit your photo' }, { timeout: 10_000 });
  return { ...result, calls };
}

const stepHeading = () => document.getElementById('editor-step-heading') as HTMLElement;

// The editor's code loads on demand: load it once up front, so that the first test does not spend its time waiting
// for the module to be transformed on a busy machine.
beforeAll(async () => {
  await import('./editor-page');
}, 60_000);

// ── Tests ────────────────────────────────────────────────────────────────────────────────────────────────────

describe('photo editor: options and sizes', () => {
  it('opens on the options panel with the seed’s heading, hint and four options', async () => {
    const { user } = await openEditor();
    expect(stepHeading()).toHaveTextContent(i18n._(OPTIONS_HEADING));
    expect(i18n._(OPTIONS_HEADING)).toBe('Looking great! Want to make any changes to your perfect picture?');
    expect(screen.getByText(i18n._(OPTIONS_HINT))).toBeVisible();
    expect(i18n._(OPTIONS_HINT)).toBe("Now's the time to crop or enhance your photo if you'd like.");
    for (const name of ['Image Sizes', 'Custom Size', 'Frame Profile', 'Motif border']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await user.click(screen.getByRole('button', { name: /^Custom Size/ }));
    expect(stepHeading()).toHaveTextContent('Choose your custom size');
    expect(stored().step).toBe(2);
  });

  it('lists the sizes for the photo’s orientation and highlights the one clicked', async () => {
    const { user, calls } = await openEditor({ step: 1 });
    const table = await screen.findByRole('table');
    expect(calls.find((c) => c.path.endsWith('/api/get-price-and-size'))?.body).toEqual({ imageType: 'landscape' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Format', 'Size', 'Starting Price']);
    expect(within(table).getByRole('rowheader', { name: '16:9' })).toBeInTheDocument();

    const next = screen.getByRole('button', { name: /Next: Select Frame/ });
    expect(next).toBeDisabled();
    const row = within(table).getByRole('button', { name: /^12x8 in/ });
    expect(row).toHaveAttribute('aria-pressed', 'false');
    await user.click(row);
    expect(row).toHaveAttribute('aria-pressed', 'true');
    expect(stored().size).toMatchObject({ _id: '3x2-12x8', width: 12, height: 8 });
    expect(next).toBeEnabled();
  });

  it('shows each size’s print quality for this photo and flags sizes under their minimum', async () => {
    await openEditor({ step: 1 });
    const table = await screen.findByRole('table');
    // 3000 × 2000 px at 12 × 8 in = 250 ppi; at 30 × 20 in = 100 ppi (that size needs 75); at 60 × 33.75 in = 50 ppi.
    expect(within(table).getByRole('button', { name: /^12x8 in/ })).toHaveTextContent('Excellent · 250 ppi');
    expect(within(table).getByRole('button', { name: /^30x20 in/ })).toHaveTextContent('Good · 100 ppi');
    const big = within(table).getByRole('button', { name: /^60x33.75 in/ });
    expect(big).toHaveTextContent('Low · 50 ppi');
    expect(big).toHaveTextContent('may look soft from close up');
    expect(big.querySelector('[data-quality="low"]')).not.toBeNull();
  });

  it('choosing a preset clears a custom size, and typing a custom size clears the preset', async () => {
    const { user } = await openEditor({ step: 2, customSize: { width: '20', height: '16' } });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stepHeading()).toHaveTextContent('Choose your print size');
    await user.click(await screen.findByRole('button', { name: /^12x8 in/ }));
    expect(stored().customSize).toBeNull();
    expect(stored().size).toMatchObject({ _id: '3x2-12x8' });

    await user.click(screen.getByRole('button', { name: 'Select Custom Size' }));
    expect(stepHeading()).toHaveTextContent('Choose your custom size');
    expect(screen.getByLabelText('Width')).toHaveValue('');
    await user.type(screen.getByLabelText('Width'), '1');
    expect(stored().size).toBeNull();
    expect(stored().customSize).toEqual({ width: '1', height: '' });
  });

  it('marks a custom side above 40 or below 4 in invalid, says why and does not use it', async () => {
    const { user } = await openEditor({ step: 2 });
    const width = screen.getByLabelText('Width');
    const height = screen.getByLabelText('Height');
    const next = screen.getByRole('button', { name: /Next: Select Frame/ });
    await user.type(width, '41');
    await user.type(height, '3');
    expect(width).toHaveAttribute('aria-invalid', 'true');
    expect(height).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Width can be at most 40 in')).toBeVisible();
    expect(screen.getByText('Height must be at least 4 in')).toBeVisible();
    expect(next).toBeDisabled();

    await user.clear(width);
    await user.type(width, '16');
    await user.clear(height);
    await user.type(height, '12');
    expect(width).not.toHaveAttribute('aria-invalid');
    expect(height).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('16 × 12 in')).toBeVisible();
    expect(next).toBeEnabled();
  });
});

describe('photo editor: honest print quality', () => {
  // A messaging app's copy: 1500 × 1000 px is 83 ppi at 18 × 12 in, under that size's 100.
  const SMALL = {
    ...PHOTO,
    imageType: 'landscape' as const,
    _id: 'up-small',
    url: '/media/uploads/up-small/rendition.webp',
    width: 1500,
    height: 1000,
  };
  const SIZE_18x12 = { _id: '3x2-18x12', format: '3:2', sizeName: '18x12', width: 18, height: 12, price: 972 };
  const sharpenedUpload = (id: string, width: number, height: number, enhancement: { strength: number | null; upscale: 2 | 4 | null }) => ({
    _id: id,
    url: `/media/uploads/${id}/rendition.webp`,
    thumbnailUrl: null,
    imageType: 'landscape',
    width,
    height,
    status: 'ready',
    parentId: 'up-small',
    crop: null,
    enhancement,
    progress: null,
  });

  it('explains beside the verdicts why the same ppi is Low on a small print and Good on a large one', async () => {
    await openEditor({ step: 1 });
    await screen.findByRole('table');
    expect(screen.getByTestId('quality-note')).toHaveTextContent(
      'Bigger prints are seen from further away, so they need fewer ppi: the same ppi can be Low on a small print and Good on a large one.',
    );
  });

  it('does not say “Looking great!” to a photo that prints Low at every ready-made size', async () => {
    // The smallest photo the shop takes, 700 × 700 px: 140 ppi at 5 × 5 in (needs 150), Low at every larger size too.
    const tiny = { ...PHOTO, imageType: 'square' as const, _id: 'up-tiny', width: 700, height: 700 };
    await openEditor({ photo: tiny });
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Your photo is small for printing'));
    expect(stepHeading()).not.toHaveTextContent(/Looking great/);
    expect(screen.getByText(/At every ready-made size it may look soft from close up\./)).toBeVisible();
  });

  it('lists the sizes that suit the photo first: its own shape, then those that print well before the Low ones', async () => {
    // A 4:5 portrait photo, 1500 × 1875 px: Classic (8 × 10 and its kin) is its shape; 16 × 20 in is 93 ppi (needs 100,
    // Low) while 20 × 24 in is 75 ppi (needs 75, Good), so 20 × 24 comes before it.
    const portrait = { ...PHOTO, imageType: 'portrait' as const, _id: 'up-45', width: 1500, height: 1875 };
    await openEditor({ photo: portrait, step: 1 });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('Classic');
    expect(headers.at(-1)).toBe('16:9');
    const classic = within(table)
      .getAllByRole('button')
      .map((b) => /^(\S+) in/.exec(b.textContent ?? '')?.[1])
      .slice(0, 6);
    expect(classic).toEqual(['8x10', '11x14', '20x24', '16x20', '24x30', '30x40']);
    // On a phone the page scrolls, not a box inside it: the table's own scrolling is for wider screens only.
    const box = screen.getByTestId('size-table-scroll');
    expect(box.className).toMatch(/sm:max-h-\[400px\]/);
    expect(box.className.split(/\s+/).filter((c) => /^(max-h-|overflow-y-)/.test(c))).toEqual([]);
  });

  it('after Sharpen with AI the badge says so and is Good, never Excellent for pixels the photo did not have', async () => {
    const { user, calls } = await openEditor({ photo: SMALL, step: 1, size: SIZE_18x12 });
    mockApi({
      'POST /api/uploads/up-small/enhance': { status: 201, body: sharpenedUpload('up-sharp', 3000, 2000, { strength: null, upscale: 2 }) },
      'POST /api/uploads/up-sharp/enhance': {
        status: 201,
        body: sharpenedUpload('up-bright', 3000, 2000, { strength: 70, upscale: null }),
      },
    });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByRole('button', { name: /^18x12 in/ })).toHaveTextContent('Low · 83 ppi'));
    // The offer tells the time the model takes for this crop (1.5 MP: about 2 minutes), not "a few minutes".
    expect(screen.getByText(/It takes about 2 minutes, longer when the shop is busy\./)).toBeVisible();
    expect(screen.queryByText(/a few minutes/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sharpen with AI' }));
    await screen.findByText(/Sharpened with AI: now 3000 × 2000 px/);
    expect(calls.find((c) => c.path === '/api/uploads/up-small/enhance')?.body).toEqual({ upscale: 2 });
    // 3000 × 2000 px at 18 × 12 in is 166 ppi, but 83 of it is the photo's own: Good, and it says what happened.
    const row = within(table).getByRole('button', { name: /^18x12 in/ });
    expect(row).toHaveTextContent('Good · AI-sharpened');
    expect(row.querySelector('[data-quality="good"]')).not.toBeNull();
    // 12 × 8 in would read "Excellent · 250 ppi"; its own detail is 125 ppi: Good.
    expect(within(table).getByRole('button', { name: /^12x8 in/ })).toHaveTextContent('Good · AI-sharpened');
    expect(stored().sourcePhoto).toMatchObject({ _id: 'up-sharp', aiUpscale: 2 });

    // Enhancing the sharpened photo keeps the record of the sharpening.
    await user.click(screen.getByRole('button', { name: /^Enhance$/ }));
    await screen.findByText(/Enhanced\. Drag to compare\./);
    expect(stored().sourcePhoto).toMatchObject({ _id: 'up-bright', aiUpscale: 2 });
    expect(within(table).getByRole('button', { name: /^18x12 in/ })).toHaveTextContent('Good · AI-sharpened');
  });
});

describe('photo editor: Back rules', () => {
  const framed = {
    size: SIZE_12x8,
    crop: { x: 0, y: 0, width: 3000, height: 2000 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
  };

  it('size → options', async () => {
    const { user } = await openEditor({ step: 1 });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stepHeading()).toHaveTextContent(i18n._(OPTIONS_HEADING));
  });

  it('custom size → size', async () => {
    const { user } = await openEditor({ step: 2 });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stored().step).toBe(1);
  });

  it('frame design → 1 without a custom size', async () => {
    const { user } = await openEditor({ ...framed, step: 3 });
    await screen.findByRole('list', { name: 'Frame sets' });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stored().step).toBe(1);
    expect(stepHeading()).toHaveTextContent('Choose your print size');
  });

  it('frame design → 2 with a custom size', async () => {
    // 16 × 12 in is 4:3: the 2667 × 2000 px middle of the photo, already cut.
    const crop = { x: 166, y: 0, width: 2667, height: 2000 };
    const cut = { ...PHOTO, _id: 'up-2', parentId: 'up-1', width: 2667, height: 2000 };
    const { user } = await openEditor({
      step: 3,
      customSize: { width: '16', height: '12' },
      photo: cut,
      sourcePhoto: PHOTO,
      crop,
      appliedCrop: crop,
    });
    await screen.findByRole('list', { name: 'Frame sets' });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stored().step).toBe(2);
    expect(stepHeading()).toHaveTextContent('Choose your custom size');
  });

  it('frame design with a set open → closes the set and stays on 3', async () => {
    const { user } = await openEditor({ ...framed, step: 3 });
    await user.click(await screen.findByRole('button', { name: /^Classic, 1 in moulding/ }));
    expect(stored()).toMatchObject({ openFrameSetId: 'set-classic', frameSetId: 'set-classic', frameId: 'classic--walnut' });
    expect(screen.getByRole('group', { name: 'Finish' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stored()).toMatchObject({ step: 3, openFrameSetId: null, frameId: 'classic--walnut' });
    expect(screen.getByRole('list', { name: 'Frame sets' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stored().step).toBe(1);
  });

  it('border → 3 and summary → 4', async () => {
    const { user } = await openEditor({ ...framed, frameId: 'classic--walnut', step: 5 });
    expect(stepHeading()).toHaveTextContent('Your Frame Details');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stepHeading()).toHaveTextContent('Choose a white border to frame if required');
    expect(stored().step).toBe(4);
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(stepHeading()).toHaveTextContent('Pick your frame design');
    expect(stored().step).toBe(3);
  });
});

describe('photo editor: each step is a history entry', () => {
  const framed = {
    size: SIZE_12x8,
    crop: { x: 0, y: 0, width: 3000, height: 2000 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
  };

  it('names the step in the address, and the browser’s Back and Forward move between steps', async () => {
    const { user, router } = await openEditor({ ...framed, step: 1 });
    await waitFor(() => expect(router.state.location.search).toBe('?step=size'));
    await user.click(await screen.findByRole('button', { name: /Next: Select Frame/ }));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Pick your frame design'));
    expect(router.state.location.search).toBe('?step=frame');
    await user.click(screen.getByRole('button', { name: /Next: Select Motif Size/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=border'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Pick your frame design'));
    expect(stored().step).toBe(3);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Choose your print size'));
    expect(router.state.location.pathname).toBe('/edit-photo');
    expect(stored().step).toBe(1);
    await act(() => router.navigate(1));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Pick your frame design'));
  });

  it('the panel’s Back is the browser’s Back after a step was opened from the one before', async () => {
    const { user, router } = await openEditor({ ...framed, step: 3 });
    await user.click(await screen.findByRole('button', { name: /Next: Select Motif Size/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=border'));
    await user.click(screen.getByRole('button', { name: '← Back' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=frame'));
    expect(router.state.historyAction).toBe('POP');
    // Forward returns to the border step: Back did not stack another entry.
    await act(() => router.navigate(1));
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Choose a white border to frame if required'));
  });

  it('opens the step its address names (a reload stays on the step)', async () => {
    stubCatalogue();
    seed({ ...framed, step: 5 });
    renderRoute('/edit-photo?step=border');
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Choose a white border to frame if required'), { timeout: 10_000 });
    await waitFor(() => expect(stored().step).toBe(4));
  });

  it('an address out of reach opens the first step still to do', async () => {
    stubCatalogue();
    seed({ step: 0 });
    const { router } = renderRoute('/edit-photo?step=summary');
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Choose your print size'), { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.search).toBe('?step=size'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('photo editor: frames, borders, summary and prices', () => {
  const ready = {
    size: SIZE_12x8,
    crop: { x: 0, y: 0, width: 3000, height: 2000 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
  };

  it('shows each frame set with its moulding width and its price for the chosen size, with a thumbnail fallback', async () => {
    await openEditor({ ...ready, frameSetId: null, frameId: null, step: 3 });
    const list = await screen.findByRole('list', { name: 'Frame sets' });
    // 12 × 8 = 96 sq in: Slim Edge 96 × ₹4.50 = ₹432, Classic 96 × ₹5.50 = ₹528.
    const slim = within(list).getByRole('button', { name: /^Slim Edge/ });
    expect(slim).toHaveTextContent('0.8 in');
    expect(slim).toHaveTextContent('₹432.00');
    const classic = within(list).getByRole('button', { name: /^Classic/ });
    expect(classic).toHaveTextContent('₹528.00');
    expect(classic.querySelector('[data-fallback]')).not.toBeNull(); // no thumbnail URL
    expect(screen.getByRole('button', { name: /Next: Select Motif Size/ })).toBeDisabled();
  });

  it('shows a set’s finishes as tiles and chooses one', async () => {
    const { user } = await openEditor({ ...ready, step: 3, openFrameSetId: 'set-classic' });
    const tiles = await screen.findByTestId('finish-tiles');
    const black = within(tiles).getByRole('button', { name: 'Matte Black' });
    await user.click(black);
    expect(black).toHaveAttribute('aria-pressed', 'true');
    // The finish's category describes the frame, not the photo.
    expect(screen.getByText(/^Frame category: /)).toHaveTextContent(/^Frame category: Black & White\.$/);
    expect(stored().frameId).toBe('classic--matte-black');
    await user.click(screen.getByRole('button', { name: /Next: Select Motif Size/ }));
    expect(stored().step).toBe(4);
  });

  it('maps border card 0..6 to the seven levels, says what size 0 means and shows a tooltip', async () => {
    const { user } = await openEditor({ ...ready, step: 4 });
    const list = await screen.findByRole('list', { name: 'White borders' });
    const cards = within(list).getAllByRole('button');
    expect(cards).toHaveLength(7);
    expect(cards[0]).toHaveTextContent('No border');
    // Not the seed's 'No border · Border · ₹0.00': the size line says what no border means.
    expect(cards[0]).toHaveTextContent(/^No borderPhoto to the frame’s edge₹0\.00$/);
    for (const [index, card] of cards.entries()) {
      await user.click(card);
      expect(stored().borderLevel ?? 0).toBe(index);
      expect(card).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('framed-preview').getAttribute('data-state')).toContain(`|${index}|`);
    }
    expect(WHITE_BORDER_LEVELS[cards.length - 1]).toBe(4.7);
    const tip = document.getElementById(cards[5]!.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(tip).toHaveAttribute('role', 'tooltip');
    expect(tip).toHaveTextContent('Extra wide · 3.1 in (8 cm) · ₹449.00');
    await user.click(screen.getByRole('button', { name: /Next: Finish/ }));
    expect(stored().step).toBe(5);
  });

  it('keeps the quantity at 1 or more (and at most 50) and totals it', async () => {
    const { user } = await openEditor({ ...ready, step: 5, borderLevel: 3 });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await screen.findByText('₹727.00', { selector: '[data-testid=total-price]' }); // 528 + 199
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('3');
    expect(stored().quantity).toBe(3);
    expect(screen.getByTestId('total-price')).toHaveTextContent('₹2,181.00');
    await user.click(minus);
    await user.click(minus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('1');
    expect(minus).toBeDisabled();

    seed({ ...ready, step: 5, quantity: 50 });
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: ORDER_STORAGE_KEY })));
    await waitFor(() => expect(screen.getByTestId('quantity')).toHaveTextContent('50'));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('lists the frame details and goes to checkout', async () => {
    const { user, router } = await openEditor({ ...ready, step: 5 });
    const details = await screen.findByTestId('frame-details');
    await waitFor(() => expect(details).toHaveTextContent('FrameWalnut · Classic'));
    expect(details).toHaveTextContent('Size12x8 in');
    expect(details).toHaveTextContent('White bordernone');
    expect(details).not.toHaveTextContent('N/A');
    expect(details).toHaveTextContent('Frame Size1 in moulding');
    expect(details).toHaveTextContent('Outer size14 × 10 in (35.6 × 25.4 cm)');
    // The category is the frame's, and says so.
    expect(details).toHaveTextContent('Frame categoryWood');
    expect(details).toHaveTextContent('DescriptionWalnut description.');
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    // Buyer details (/checkout) need sign-in: signed out, it sends the customer to sign in and back.
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/edit-photo'));
    const { pathname, search } = router.state.location;
    expect(pathname === '/checkout' || (pathname === '/sign-in' && new URLSearchParams(search).get('next') === '/checkout')).toBe(true);
    // With an empty cart the frame is bought at once: the cart is not touched.
    expect(getLocalCart().lines).toHaveLength(0);
  });

  it('adds the framed photo to the browser cart, counts it in the header and offers another photo', async () => {
    const { user } = await openEditor({ ...ready, step: 5, quantity: 2 });
    await screen.findByTestId('frame-details');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/addtocart');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const added = await screen.findByTestId('added-to-cart');
    expect(within(added).getByRole('link', { name: 'Upload another photo' })).toHaveAttribute('href', '/?upload=1');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    const cart = getLocalCart();
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.draft).toMatchObject({ frameId: 'classic--walnut', quantity: 2, size: SIZE_12x8 });
    expect(lineBody(cart.lines[0]!.draft)).toMatchObject({
      uploadId: 'up-1',
      sizeId: '3x2-12x8',
      selectedFrame: 'classic--walnut',
      quantity: 2,
    });
  });

  it('shows FSP, WBP (only above 0) and Total in the header strip, with the Total tooltip', async () => {
    const { user } = await openEditor({ ...ready, step: 4 });
    const strip = await screen.findByTestId('price-strip');
    expect(within(strip).getByTestId('fsp')).toHaveTextContent('₹528.00');
    expect(within(strip).queryByTestId('wbp')).toBeNull();
    expect(within(strip).getByTestId('total')).toHaveTextContent('₹528.00');
    await user.click(within(await screen.findByRole('list', { name: 'White borders' })).getAllByRole('button')[4]!);
    expect(within(strip).getByTestId('wbp')).toHaveTextContent('₹299.00');
    expect(within(strip).getByTestId('total')).toHaveTextContent('₹827.00');
    const tip = within(strip).getByRole('tooltip');
    expect(tip).toHaveTextContent(/^Total = FSP \+ WBP$/);
    expect(within(strip).getByTestId('total')).toHaveAttribute('aria-describedby', tip.id);
  });

  it('says in words what each amount of the strip is, beside the seed’s abbreviations, with no hover needed', async () => {
    const { user } = await openEditor({ ...ready, step: 4 });
    const strip = await screen.findByTestId('price-strip');
    const terms = () =>
      within(strip)
        .getAllByRole('term')
        .map((term) => term.textContent);
    expect(terms()).toEqual(['Frame (FSP)', 'Total']);
    await user.click(within(await screen.findByRole('list', { name: 'White borders' })).getAllByRole('button')[4]!);
    expect(terms()).toEqual(['Frame (FSP)', 'White border (WBP)', 'Total']);
    // Each amount follows its words: the strip reads as a sentence.
    expect(strip).toHaveTextContent(/^Frame \(FSP\)₹528\.00·White border \(WBP\)₹299\.00·Total₹827\.00/);
    expect(within(strip).getByText('FSP')).toHaveAttribute('title', 'Frame Selling Price');
    expect(within(strip).getByText('WBP')).toHaveAttribute('title', 'White Border Price');
  });

  it('says how many pieces the strip’s Total is for', async () => {
    await openEditor({ ...ready, step: 4, quantity: 3 });
    const strip = await screen.findByTestId('price-strip');
    expect(
      within(strip)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Frame (FSP)', 'Total for 3']);
    expect(within(strip).getByTestId('total')).toHaveTextContent('₹1,584.00');
  });

  it('keeps the whole order across a reload', async () => {
    const first = await openEditor({ ...ready, step: 4, borderLevel: 2, quantity: 2 });
    first.unmount();
    renderRoute('/edit-photo');
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a white border to frame if required' })).toBeVisible();
    expect(stored()).toMatchObject({ borderLevel: 2, quantity: 2, frameId: 'classic--walnut', size: { _id: '3x2-12x8' } });
    const cards = within(await screen.findByRole('list', { name: 'White borders' })).getAllByRole('button');
    expect(cards[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks before leaving while a photo is loaded', async () => {
    await openEditor({ step: 0 });
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('photo editor: Proceed to Checkout with lines already in the cart', () => {
  const ready = {
    size: SIZE_12x8,
    crop: { x: 0, y: 0, width: 3000, height: 2000 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
    step: 5 as const,
  };
  /** Another photo, framed and put in the browser's cart earlier. */
  const otherLine = {
    clientLineId: 'cl_other_line_1',
    draft: { photo: { ...PHOTO, _id: 'up-0' }, size: SIZE_12x8, frameSetId: 'set-classic', frameId: 'classic--matte-black', step: 5 },
    problem: null,
  };
  const checkoutNext = (search: string) => new URLSearchParams(search).get('next');

  it('signed out: the frame joins the cart as a line, then the whole cart goes to checkout', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [otherLine], drafts: {} }));
    const { user, router } = await openEditor(ready);
    await screen.findByTestId('frame-details');
    await user.click(await screen.findByRole('button', { name: /Proceed to Checkout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(checkoutNext(router.state.location.search)).toBe('/checkout?cart=1');
    const lines = getLocalCart().lines;
    expect(lines.map((l) => l.draft.photo._id)).toEqual(['up-0', 'up-1']);
    expect(lineBody(lines[1]!.draft)).toMatchObject({
      uploadId: 'up-1',
      sizeId: '3x2-12x8',
      selectedFrame: 'classic--walnut',
      quantity: 1,
    });
  });

  it('signed out: a frame already put in the cart with Add to cart is not added twice', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [otherLine], drafts: {} }));
    const { user, router } = await openEditor(ready);
    await screen.findByTestId('frame-details');
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await screen.findByTestId('added-to-cart');
    expect(getLocalCart().lines).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(checkoutNext(router.state.location.search)).toBe('/checkout?cart=1');
    expect(getLocalCart().lines.map((l) => l.draft.photo._id)).toEqual(['up-0', 'up-1']);
  });

  it("signed in: the frame is added to the account's cart once and the cart is checked out", async () => {
    signInAs();
    const serverLine = (id: string, uploadId: string, selectedFrame: string) => ({
      id,
      clientLineId: null,
      uploadId,
      sizeId: '3x2-12x8',
      customWidth: null,
      customHeight: null,
      selectedFrame,
      selectedMotifBorder: 0,
      quantity: 1,
      thumbnailUrl: null,
      imageType: 'landscape',
      sizeName: '12x8',
      widthIn: 12,
      heightIn: 8,
      frameSetName: 'Classic',
      finishName: 'Walnut',
      frameSetNameHi: null,
      finishNameHi: null,
      borderNameHi: null,
      mouldingIn: 1,
      borderName: 'No border',
      borderIn: 0,
      unitPaise: 528_00,
      linePaise: 528_00,
      problem: null,
      problemMessage: null,
    });
    const cartOf = (lines: ReturnType<typeof serverLine>[]) => ({
      lines,
      itemCount: lines.length,
      subtotalPaise: 528_00 * lines.length,
      shippingPaise: null,
      totalPaise: 528_00 * lines.length,
      arrivesBy: null,
      pincode: null,
      payable: true,
    });
    let lines = [serverLine('line-0', 'up-0', 'classic--matte-black')];
    stubCatalogue();
    const { callsTo } = mockApi({
      'GET /api/cart': () => ({ body: { cart: cartOf(lines) } }),
      'POST /api/cart/lines': () => {
        const added = serverLine('line-1', 'up-1', 'classic--walnut');
        lines = [...lines, added];
        return { status: 201, body: { line: added, cart: cartOf(lines) } };
      },
      'GET /api/address/user-1': { body: { address: null } },
    });
    seed(ready);
    const { user, router } = renderRoute('/edit-photo');
    await screen.findByTestId('frame-details');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?cart=1');
    expect(callsTo('POST', '/api/cart/lines')).toHaveLength(1);
    expect(callsTo('POST', '/api/cart/lines')[0]?.body).toMatchObject({
      uploadId: 'up-1',
      sizeId: '3x2-12x8',
      selectedFrame: 'classic--walnut',
      selectedMotifBorder: 0,
      quantity: 1,
    });

    // Back in the editor, the same frame is in the cart now: Proceed adds nothing more.
    await act(() => router.navigate('/edit-photo'));
    await user.click(await screen.findByRole('button', { name: /Proceed to Checkout/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?cart=1'));
    expect(callsTo('POST', '/api/cart/lines')).toHaveLength(1);
  });
});
