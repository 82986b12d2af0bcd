import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { MailIcon } from '../../components/icons';
import { AuthCard } from './auth-card';
import { FormAlert, TextField } from '../../components/form-controls';
import { requestPasswordReset } from './api/account';
import { useHydrated } from '../../components/use-hydrated';
import {
  forgotPasswordFormSchema,
  RESET_TOKEN_TTL_MINUTES,
  type ForgotPasswordFormInput,
  type ForgotPasswordFormValues,
} from './form-schemas';
import { messageOf } from './messages';

/**
 * /forgot-password: asks for the e-mail and sends a single-use reset link. The confirmation is the same whether or
 * not an account exists for that e-mail, so the page never reveals who has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  // The page is prerendered: until its script has taken it over, a press would send the form as a plain GET and
  // reload the page. The button waits for the script instead.
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    // No default e-mail: the page is prerendered, and what a visitor typed before its script took over is kept.
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  if (sentTo) {
    // How long a reset link works: '1 hour', '2 hours', '90 minutes'.
    const minutes = RESET_TOKEN_TTL_MINUTES;
    const hours = minutes / 60;
    const lifetime =
      minutes % 60 === 0
        ? t`${plural(hours, { one: '# hour', other: '# hours' })}`
        : t`${plural(minutes, { one: '# minute', other: '# minutes' })}`;
    return (
      <AuthCard title={t`Check your e-mail`} footer={<BackToSignIn />}>
        <div role="status" className="flex flex-col gap-4">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-leaf-50 text-leaf-600">
            <MailIcon className="h-6 w-6" />
          </span>
          <p className="leading-relaxed text-ink-700">
            <Trans>
              If an account exists for <strong className="font-semibold break-all text-ink-900">{sentTo}</strong>, we have sent it a link to
              choose a new password. The link works once, for {lifetime}.
            </Trans>
          </p>
          <p className="text-sm leading-relaxed text-ink-500">
            <Trans>Nothing arrived after a few minutes? Check your spam folder, or ask for another link.</Trans>
          </p>
        </div>
        <button type="button" onClick={() => setSentTo(null)} className={`${secondaryButton} mt-6 w-full`}>
          <Trans>Send another link</Trans>
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Forgot your password?`}
      intro={
        <p>
          <Trans>Enter the e-mail you signed up with and we’ll send you a link to choose a new password.</Trans>
        </p>
      }
      footer={<BackToSignIn />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
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
        <button type="submit" disabled={!hydrated || isSubmitting} className={`${primaryButton} w-full py-3`}>
          {isSubmitting ? t`Sending…` : t`Send reset link`}
        </button>
      </form>
    </AuthCard>
  );
}

function BackToSignIn() {
  return (
    <p>
      <Trans>Remembered it?</Trans>{' '}
      <Link to="/sign-in" className={`${textLink} inline-flex min-h-11 items-center`}>
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
}
