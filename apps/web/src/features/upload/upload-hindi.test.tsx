import { screen, within } from '@testing-library/react';
import { UPLOAD_HINT } from '@framewala/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n';
import { fileOf, pngBytes } from '../../test/image-bytes';
import { renderWithProviders } from '../../test/render';
import { formatPixels, formatTimeLeft } from './upload-format';
import { UploadModal } from './upload-modal';

afterEach(() => {
  i18n.activate('en');
});

describe('Upload Photos modal in Hindi', () => {
  it('asks for a photo, shows the rules and refuses a PNG in Hindi, with no English sentence left', async () => {
    await activateLocale('hi', ['upload']);
    const { user } = renderWithProviders(<UploadModal open onClose={() => undefined} />);

    const dialog = await screen.findByRole('dialog', { name: 'फ़ोटो अपलोड करें' });
    expect(within(dialog).getByText('वह फ़ोटो चुनें जिसे आप फ़्रेम करवाना चाहते हैं।')).toBeVisible();
    const zone = within(dialog).getByTestId('upload-drop-zone');
    expect(zone).toHaveAccessibleName(/^अपनी फ़ोटो यहाँ खींचकर छोड़ें.*अपनी फ़ाइलों में से चुनें/);
    expect(zone).toHaveAccessibleDescription(/^JPG\/TIF, कम से कम 700 \* 700 px.*90 दिन तक सेव रखते हैं।$/);
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'हो गया' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeEnabled();

    await user.upload(within(dialog).getByTestId<HTMLInputElement>('upload-file-input'), fileOf(pngBytes(), 'beach.jpg'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('यह फ़ाइल PNG इमेज है। सिर्फ़ JPG और TIF फ़ोटो ही ली जाती हैं।');
    expect(zone).toHaveTextContent('कोई दूसरी फ़ोटो आज़माएँ');

    const text = dialog.textContent ?? '';
    for (const english of [
      UPLOAD_HINT,
      'Upload Photos',
      'Drag and drop',
      'browse your files',
      'Try another photo',
      'Only JPG',
      'never shared',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('tells the time left and the pixel size the Hindi way', async () => {
    await activateLocale('hi', ['upload']);
    expect(formatTimeLeft(3)).toBe('5 सेकंड से कम बाकी');
    expect(formatTimeLeft(42)).toBe('लगभग 45 सेकंड बाकी');
    expect(formatTimeLeft(130)).toBe('लगभग 2 मिनट बाकी');
    expect(formatTimeLeft(3900)).toBe('लगभग 1 घंटे 5 मिनट बाकी');
    expect(formatPixels(45000, 20000)).toBe('45,000 × 20,000 px');
  });
});
