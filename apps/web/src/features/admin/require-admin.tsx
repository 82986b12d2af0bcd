import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { showToast } from '../../components/toast-store';
import { signInPathFor, useSession } from '../../lib/auth';

export const STAFF_ONLY_MESSAGE = 'The shop console is for Framewala’s staff only.';

function SendHome() {
  useEffect(() => {
    showToast(STAFF_ONLY_MESSAGE, { tone: 'error', durationMs: 6000 });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * The parent route of `/admin/*`: signed out → `/sign-in?next=<this page>`; a customer → home with a message. The
 * stored role only decides what to show: the server answers 403 to anyone who is not an admin, and the pages say so (a
 * role changed since sign-in, or missing user details).
 */
export function RequireAdmin() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  if (session.user && session.user.role !== 'admin') return <SendHome />;
  return <Outlet />;
}
