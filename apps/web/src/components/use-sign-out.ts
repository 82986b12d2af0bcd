import { useLingui } from '@lingui/react/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_QUERY_KEY, logOutOnServer } from '../lib/auth-api';
import { clearSession, getToken } from '../lib/auth';
import { showToast } from './toast-store';

/** Signs out: the server ends the session, this browser forgets it at once, and the shop's home page opens. */
export function useSignOut(): () => Promise<void> {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // The request carries the token read now.
    const token = getToken();
    // Leave first, with the home page on screen before the session ends (flushSync: the router's update is otherwise a
    // transition, which the session's end overtakes): a page for signed-in visitors (the console, the profile) would
    // send the visitor to sign in again.
    await navigate('/', { flushSync: true });
    clearSession();
    showToast(t`You have signed out.`, { tone: 'info' });
    // The page just opened may have asked for the cart or the account with the token; the server ends the session
    // once those answers are in, so none of them is refused as signed out.
    if (token) {
      await fetchesSettled(queryClient);
      void logOutOnServer(token);
    }
    queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  };
}

/** Resolves once no query is fetching, or after `limitMs`. */
function fetchesSettled(queryClient: QueryClient, limitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}
