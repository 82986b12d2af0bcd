import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { checkDeveloperSizes } from './developer-size-check';

describe('developer size check', () => {
  it('a size fits when both directions reach 96 pixels per inch', () => {
    expect(checkDeveloperSizes(1536, 800).map((fit) => [fit.inches, fit.fits])).toEqual([
      [2, true],
      [4, true],
      [8, true],
      [16, false], // 800 / 16 = 50 ppi down
    ]);
    expect(checkDeveloperSizes(1536, 1536).at(-1)).toMatchObject({ inches: 16, ppiWide: 96, ppiHigh: 96, fits: true });
    expect(checkDeveloperSizes(1535, 1536).at(-1)?.fits).toBe(false);
  });

  it('updates the table as the pixel size changes', async () => {
    const { user } = renderRoute('/check');
    const width = await screen.findByLabelText('Width (px)');
    const height = screen.getByLabelText('Height (px)');
    await user.clear(width);
    await user.type(width, '800');
    await user.clear(height);
    await user.type(height, '800');
    const row = screen.getByRole('row', { name: /8 × 8 in/ });
    expect(within(row).getByText('Fits')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /16 × 16 in/ })).getByText('Too small')).toBeInTheDocument();

    await user.clear(height);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter whole numbers');
  });
});
