import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';

// The upload sheet's code arrives only when the test lets it, as on a slow phone (2.7 s there).
const sheet = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});

vi.mock('../../app/upload-dialog', () => ({
  loadUploadDialog: async () => {
    await sheet.arrived;
    return { UploadModal: () => <div role="dialog" aria-label="Upload Photos" /> };
  },
}));

describe('Start framing on a slow phone', () => {
  it('shows itself pressed and busy from the tap until the upload sheet is on screen', async () => {
    const { user } = renderRoute('/');
    const start = await screen.findByRole('button', { name: 'Start framing' });
    expect(start).not.toHaveAttribute('aria-busy');
    expect(start).toHaveClass('press-feedback');
    await user.click(start);
    expect(start).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The other button that opens the sheet is not the one pressed.
    expect(screen.getByRole('button', { name: 'Upload your photo' })).not.toHaveAttribute('aria-busy');

    sheet.arrive();
    expect(await screen.findByRole('dialog', { name: 'Upload Photos' })).toBeInTheDocument();
    await waitFor(() => expect(start).not.toHaveAttribute('aria-busy'));
  });
});
