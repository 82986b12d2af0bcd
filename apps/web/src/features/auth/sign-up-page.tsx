import { RETENTION_DAYS } from '@framewala/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_KEY } from '../../lib/auth-api';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { primaryButton, textLink } from '../../components/button-styles';
import { getSession, safeNextPath } from '../../lib/auth';
import { pathAfterSignIn } from './after-sign-in';
import { AuthCard } from './auth-card';
import { FormAlert, PasswordField, TextField } from '../../components/form-controls';
import { formMessageText } from '../../lib/form-messages';
import { activeLocale } from '../../lib/i18n';
import { showToast } from '../../components/toast-store';
import { login, register as registerAccount } from './api/account';
import { useHydrated } from '../../components/use-hydrated';
import { completeSignIn } from './complete-sign-in';
import {
  ALL_FIELDS_REQUIRED_MESSAGE,
  PASSWORD_MIN_LENGTH,
  signUpFormSchema,
  type SignUpFormInput,
  type SignUpFormValues,
} from './form-schemas';
import { accountCreatedText, messageOf, passwordIssueOf } from './messages';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'mobile'] as const;

/**
 * /signup, with the quirks fixed: the button says 'Create account', the all-fields-required
 * message shows, passwords are hidden with a toggle. On success the customer is signed in straight away (the same
 * `POST /api/login` the sign-in page makes) and returned to where they were: see docs/decisions.
 */
export function SignUpPage() {
  const { t } = useLingui();
  // The page is prerendered: until its script has taken it over, a press would send the form as a plain GET, the
  // password in the address. The button waits for the script instead.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const next = params.get('next');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alreadySignedIn] = useState(() => getSession() !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [triedSubmit, setTriedSubmit] = useState(false);

  // No default values: the page is prerendered, and a field without one keeps what a visitor typed before the
  // page's script took over (react-hook-form reads it from the input).
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormValues>({ resolver: zodResolver(signUpFormSchema) });

  const values = watch();
  const someFieldEmpty = FIELDS.some((field) => (values[field] ?? '').trim() === '');

  if (alreadySignedIn) return <Navigate to={safeNextPath(next) ?? '/'} replace />;

  const retentionDays = RETENTION_DAYS;
  const signInHref = safeNextPath(next) ? `/sign-in?next=${encodeURIComponent(next ?? '')}` : '/sign-in';

  const onSubmit = handleSubmit(
    async (form) => {
      setServerError(null);
      // The schema's output: trimmed names, lower-cased e-mail, the mobile in E.164.
      const { email } = form;
      try {
        // The account's language is the one the customer signs up in: its e-mails come in it.
        await registerAccount({
          firstName: form.firstName,
          lastName: form.lastName,
          email,
          password: form.password,
          mobile: form.mobile,
          locale: activeLocale(),
        });
      } catch (error) {
        const passwordIssue = passwordIssueOf(error);
        if (passwordIssue) setError('password', { message: passwordIssue }, { shouldFocus: true });
        else setServerError(messageOf(error));
        return;
      }
      // The account exists now; sign in with the same details so a customer mid-order goes straight back to it.
      try {
        const result = await login({ userName: email, password: form.password, rememberMe: false });
        if (!result) throw new Error('no token');
        queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
        await completeSignIn(result.token, result.user);
        showToast(accountCreatedText(), { durationMs: 5000 });
        navigate(pathAfterSignIn(next), { replace: true });
      } catch {
        // Seed §4: registration success goes to /sign-in. We land there only if signing in straight away failed.
        navigate(signInHref, { replace: true, state: { notice: 'registered', email } });
      }
    },
    () => setTriedSubmit(true),
  );

  return (
    <AuthCard
      title={t`Create Account`}
      intro={
        <p>
          <Trans>
            Save your photos for <Plural value={retentionDays} one="# day" other="# days" />, keep your address for next time and follow
            your orders.
          </Trans>
        </p>
      }
      footer={
        <p>
          <Link to={signInHref} className={`${textLink} inline-flex min-h-11 items-center`}>
            <Trans>Already have an account?</Trans>
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {triedSubmit && someFieldEmpty ? <FormAlert>{formMessageText(ALL_FIELDS_REQUIRED_MESSAGE)}</FormAlert> : null}
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t`First Name`} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label={t`Last Name`} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t`Confirm Password`}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <TextField
          label={t`Mobile Number`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint={t`10 digits, for delivery updates.`}
          error={errors.mobile?.message}
          {...register('mobile')}
        />

        <button type="submit" disabled={!hydrated || isSubmitting} className={`${primaryButton} w-full py-3`}>
          {isSubmitting ? t`Creating your account…` : t`Create account`}
        </button>
      </form>
    </AuthCard>
  );
}
