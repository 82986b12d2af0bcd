import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';

describe('/sizes developer page', () => {
  it('lists the preset catalogue with starting prices in rupees, oriented to the photo', async () => {
    const { user } = renderRoute('/sizes');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Format', 'Size', 'Starting Price']);
    const row = within(table).getByRole('row', { name: /12x8 in/ });
    expect(within(row).getByText('₹432.00')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Portrait' }));
    expect(within(table).getByRole('row', { name: /8x12 in/ })).toBeInTheDocument();
  });
});
