import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { framedOuterSize } from '@framewala/domain';
import { ArView } from './ar-view';
import type { FramedPiece } from './framed-piece';
import { isAppleMobile } from './platform';

const piece: FramedPiece = {
  photo: { _id: 'p1', url: '/media/p1.jpg', width: 3000, height: 2000 },
  crop: { x: 0, y: 0, width: 3000, height: 2000 },
  widthIn: 12,
  heightIn: 8,
  borderIn: 0,
  mouldingIn: 1,
  frame: null,
  frameName: 'Walnut',
  outer: framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 0, mouldingIn: 1 }),
};

afterEach(() => vi.restoreAllMocks());

describe('AR on the wall page', () => {
  it('knows iPhones and iPads (which report a touch Mac) from Android phones and computers', () => {
    expect(isAppleMobile({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', platform: 'iPhone', maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isAppleMobile({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });

  it('tells iPhone users clearly that AR is not supported here, and offers nothing to tap', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    render(<ArView piece={piece} photoId="p1" borderLevel={0} frameId="f1" />);
    expect(screen.getByRole('status')).toHaveTextContent('AR isn’t supported on iPhone and iPad here yet');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the 3D frame elsewhere, once a frame is chosen', () => {
    const { rerender } = render(<ArView piece={piece} photoId="p1" borderLevel={0} frameId={null} />);
    expect(screen.getByText(/Choose a frame in the editor first/)).toBeInTheDocument();
    rerender(<ArView piece={piece} photoId="p1" borderLevel={0} frameId="f1" />);
    expect(screen.getByRole('button', { name: 'Open the 3D frame' })).toBeEnabled();
  });
});
