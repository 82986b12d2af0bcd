import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
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
    if (token) void logOutOnServer(token);
    clearSession();
    queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
    showToast(t`You have signed out.`, { tone: 'info' });
  };
}
