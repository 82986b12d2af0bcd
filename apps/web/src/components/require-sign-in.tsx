import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor, useSession } from '../lib/auth';

/** Pages that need sign-in send a visitor without a token to `/sign-in?next=<this page>`. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  return children;
}
