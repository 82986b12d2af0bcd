import { Navigate } from 'react-router';
import { hasStoredPhoto } from '../../lib/order-storage';
import { PlaceholderPage } from '../placeholders/placeholder-pages';

/** /edit-photo is only shown while an uploaded photo is in client state; otherwise back to / (replacing history). */
export function EditPhotoRoute() {
  if (!hasStoredPhoto()) return <Navigate to="/" replace />;
  return <PlaceholderPage id="edit-photo" />;
}
