import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { primaryButton, textLink } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { clearSession } from '../../lib/auth';
import { AuthCard } from './auth-card';
import { FormAlert, PasswordField } from '../../components/form-controls';
import { resetPassword } from './api/account';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema, type ResetPasswordFormInput, type ResetPasswordFormValues } from './form-schemas';
import { messageOf } from './messages';

/** /reset-password?token=…: the page the reset e-mail links to. A new password twice, then sign in. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<{ message: string; tokenRejected: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormInput, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (token === '') {
    return (
      <AuthCard title={t`Choose a new password`} footer={<RequestAnother />}>
        <FormAlert>
          <Trans>This reset link is incomplete. Please open the link from the e-mail again, or ask for a new one.</Trans>
        </FormAlert>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await resetPassword(token, password);
      // The server has ended every session of the account; forget this browser's too, so sign-in is offered.
      clearSession();
      navigate('/sign-in', { replace: true, state: { notice: 'password-reset' } });
    } catch (error) {
      const tokenRejected = isApiError(error) && (error.code === 'RESET_TOKEN_INVALID' || error.status === 400 || error.status === 410);
      setServerError({ message: messageOf(error), tokenRejected: tokenRejected && error.code !== 'VALIDATION' });
    }
  });

  return (
    <AuthCard
      title={t`Choose a new password`}
      intro={
        <p>
          <Trans>Pick a password you don’t use on other sites. You’ll sign in with it next.</Trans>
        </p>
      }
      footer={<RequestAnother />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {serverError ? (
          <FormAlert>
            {serverError.message}
            {serverError.tokenRejected ? (
              <>
                {' '}
                <Link to="/forgot-password" className="font-semibold underline underline-offset-4">
                  <Trans>Ask for a new link</Trans>
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full py-3`}>
          {isSubmitting ? t`Saving…` : t`Save new password`}
        </button>
      </form>
    </AuthCard>
  );
}

function RequestAnother() {
  return (
    <p>
      <Trans>Link not working?</Trans>{' '}
      <Link to="/forgot-password" className={`${textLink} inline-flex min-h-11 items-center`}>
        <Trans>Ask for a new one</Trans>
      </Link>
    </p>
  );
}
