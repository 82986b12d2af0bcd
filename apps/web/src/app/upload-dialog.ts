import { withCatalogue } from '../lib/i18n';

/**
 * The upload dialog, handed to the pages that open it (the home page): loaded when a visitor is about to open it, not
 * with the page, since it brings the photo checks, the upload client and the progress view. Its texts (the `upload`
 * catalogue) arrive with its code.
 */
export const loadUploadDialog = withCatalogue('upload', () => import('../features/upload/upload-modal'));
