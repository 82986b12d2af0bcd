import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../../lib/auth-api';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { getSession, safeNextPath } from '../../lib/auth';
import { pathAfterSignIn } from './after-sign-in';
import { hasStoredPhoto } from '../../lib/order-draft/stored-order';
import { AuthCard } from './auth-card';
import { Checkbox, FormAlert, PasswordField, TextField } from '../../components/form-controls';
import { showToast } from '../../components/toast-store';
import { login, type LoginResult } from './api/account';
import { SignInWithCode } from './sign-in-with-code';
import { useHydrated } from '../../components/use-hydrated';
import { completeSignIn } from './complete-sign-in';
import { signInFormSchema, type SignInFormInput, type SignInFormValues } from './form-schemas';
import { loginSuccessText, messageOf, noticeText, readAuthNotice, somethingWentWrongText } from './messages';

/** Seed §9: the sign-in toast closes after 5 s. */
const SIGN_IN_TOAST_MS = 5000;

export function SignInPage() {
  const { t } = useLingui();
  // The page is prerendered: until its script has taken it over, a press would send the form as a plain GET, the
  // password in the address. The button waits for the script instead.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const next = params.get('next');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = readAuthNotice(location.state);
  // Decided once: signing in on this page must not trip the 'already signed in' redirect before `next` is used.
  const [alreadySignedIn] = useState(() => getSession() !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [midOrder] = useState(() => hasStoredPhoto());
  const [withCode, setWithCode] = useState(false);

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormInput, unknown, SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    // Text fields have no default (unless a notice brings the e-mail): the page is prerendered, and a field without
    // one keeps what a visitor typed before the page's script took over (react-hook-form reads it from the input).
    defaultValues: { ...(notice?.email ? { userName: notice.email } : {}), rememberMe: false },
  });

  if (alreadySignedIn) return <Navigate to={safeNextPath(next) ?? '/'} replace />;

  /** Both ways of signing in end here: keep the session, move this browser's photos and cart, go back to `next`. */
  const finishSignIn = async (result: LoginResult) => {
    queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
    await completeSignIn(result.token, result.user);
    showToast(loginSuccessText(), { durationMs: SIGN_IN_TOAST_MS });
    navigate(pathAfterSignIn(next), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await login({ userName: values.userName, password: values.password, rememberMe: values.rememberMe === true });
      if (!result) {
        setServerError(somethingWentWrongText());
        return;
      }
      await finishSignIn(result);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  const signUpHref = safeNextPath(next) ? `/signup?next=${encodeURIComponent(next ?? '')}` : '/signup';

  return (
    <AuthCard
      eyebrow={t`Welcome to Framewala`}
      title={t`Sign in`}
      intro={
        <p>
          <Trans>Sign in to pay for your frame, save your address and see your orders.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>New to Framewala?</Trans>{' '}
          <Link to={signUpHref} className={`${textLink} inline-flex min-h-11 items-center`}>
            <Trans>Create Account</Trans>
          </Link>
        </p>
      }
    >
      {notice ? (
        <div className="mb-5">
          <FormAlert tone={notice.kind === 'session-expired' ? 'info' : 'success'}>{noticeText(notice)}</FormAlert>
        </div>
      ) : null}
      {midOrder && !notice ? (
        <div className="mb-5">
          <FormAlert tone="info">
            <Trans>Your order is saved. You’ll go straight back to it after signing in.</Trans>
          </FormAlert>
        </div>
      ) : null}
      {withCode ? (
        <SignInWithCode initialEmail={getValues('userName')} onSignedIn={finishSignIn} onUsePassword={() => setWithCode(false)} />
      ) : (
        <>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            {serverError ? <FormAlert>{serverError}</FormAlert> : null}

            <TextField
              label={t`Email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              error={errors.userName?.message}
              {...register('userName')}
            />
            <PasswordField label={t`Password`} autoComplete="current-password" error={errors.password?.message} {...register('password')} />

            <div className="-my-1 flex flex-wrap items-center justify-between gap-x-4">
              <Checkbox label={t`Remember Me`} {...register('rememberMe')} />
              <Link to="/forgot-password" className={`${textLink} inline-flex min-h-11 items-center text-[0.95rem]`}>
                <Trans>Forgot password?</Trans>
              </Link>
            </div>

            <button type="submit" disabled={!hydrated || isSubmitting} className={`${primaryButton} w-full py-3`}>
              {isSubmitting ? t`Signing in…` : t`Sign in`}
            </button>
          </form>
          <div className="my-5 flex items-center gap-3 text-sm text-ink-500" aria-hidden="true">
            <span className="h-px flex-1 bg-ink-100" />
            <Trans>or</Trans>
            <span className="h-px flex-1 bg-ink-100" />
          </div>
          <button type="button" disabled={!hydrated} onClick={() => setWithCode(true)} className={`${secondaryButton} w-full py-3`}>
            <Trans>Sign in with a code</Trans>
          </button>
          <p className="mt-2 text-center text-sm text-ink-500">
            <Trans>No password needed: we e-mail you a 6-digit code.</Trans>
          </p>
        </>
      )}
    </AuthCard>
  );
}
