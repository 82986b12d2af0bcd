import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPathFor, useSession } from '../lib/auth';

/**
 * The parent route of the pages that need sign-in: a visitor without a token goes to `/sign-in?next=<this page>`;
 * with one, the page itself (the route's outlet).
 */
export function RequireSignIn() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  return <Outlet />;
}
