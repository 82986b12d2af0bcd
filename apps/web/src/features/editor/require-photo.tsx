import { Navigate, Outlet } from 'react-router';
import { hasStoredPhoto } from '../../lib/order-draft/stored-order';

/** /edit-photo is only shown while an uploaded photo is in client state; otherwise back to / (replacing history). */
export function RequirePhoto() {
  if (!hasStoredPhoto()) return <Navigate to="/" replace />;
  return <Outlet />;
}
