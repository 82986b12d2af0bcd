import { describe, expect, it } from 'vitest';
import { newOrderDraft, toOrderDraft, type OrderPhoto } from './order-draft';

const photo: OrderPhoto = { _id: 'up-1', url: '/r.webp', imageType: 'landscape', width: 3000, height: 2000 };
const preset = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };

describe('reading the stored order', () => {
  it('starts with the photo alone', () => {
    expect(toOrderDraft({ photo })).toEqual(newOrderDraft(photo));
    expect(toOrderDraft({ photo: { url: '/x' } })).toBeNull();
    expect(toOrderDraft(null)).toBeNull();
  });

  it('keeps what was chosen and repairs what is unreadable', () => {
    const draft = toOrderDraft({
      photo,
      size: preset,
      customSize: { width: '10', height: '8' },
      frameSetId: 'set-classic',
      frameId: 'classic--walnut',
      borderLevel: 9,
      quantity: 0,
      step: 7,
      crop: { x: 0, y: 0, width: 5000, height: 10 },
    });
    expect(draft).toMatchObject({
      size: preset,
      customSize: null,
      frameId: 'classic--walnut',
      borderLevel: 0,
      quantity: 1,
      step: 0,
      crop: null,
    });
  });

  it('a new photo (neither the source nor a crop of it) starts a new order', () => {
    const stored = { photo: { ...photo, _id: 'up-2' }, sourcePhoto: photo, size: preset, step: 4 };
    expect(toOrderDraft(stored)).toEqual(newOrderDraft({ ...photo, _id: 'up-2' }));
    const crop = { photo: { ...photo, _id: 'crop-1', parentId: 'up-1' }, sourcePhoto: photo, size: preset, step: 4 };
    expect(toOrderDraft(crop)).toMatchObject({ step: 4, sourcePhoto: { _id: 'up-1' }, photo: { _id: 'crop-1' } });
  });
});
