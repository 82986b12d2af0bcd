import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { FormAlert, TextField } from '../../components/form-controls';
import { requestLoginCode, verifyLoginCode, type LoginResult } from './api/account';
import {
  codeEmailFormSchema,
  codeFormSchema,
  LOGIN_CODE_RESEND_SECONDS,
  LOGIN_CODE_TTL_MINUTES,
  type CodeEmailFormInput,
  type CodeEmailFormValues,
  type CodeFormInput,
  type CodeFormValues,
} from './form-schemas';
import { messageOf, somethingWentWrongText } from './messages';

type SignInWithCodeProps = {
  /** The e-mail typed in the password form, if any, to start from. */
  initialEmail?: string;
  /** Called with the session once the code is accepted; the page finishes signing in. */
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Back to the password form. */
  onUsePassword: () => void;
};

/**
 * Sign in with a one-time code: the e-mail, then the 6 digits the shop e-mailed. No password and no sign-up: the
 * first sign-in of an e-mail makes its account, and buyer details fill in the name and phone.
 */
export function SignInWithCode({ initialEmail, onSignedIn, onUsePassword }: SignInWithCodeProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState(0);
  if (sentTo === null)
    return (
      <EmailStep
        initialEmail={initialEmail}
        onSent={(email) => {
          setSentTo(email);
          setSentAt(Date.now());
        }}
        onUsePassword={onUsePassword}
      />
    );
  return (
    <CodeStep
      email={sentTo}
      sentAt={sentAt}
      onResent={() => setSentAt(Date.now())}
      onOtherEmail={() => setSentTo(null)}
      onSignedIn={onSignedIn}
      onUsePassword={onUsePassword}
    />
  );
}

function EmailStep({
  initialEmail,
  onSent,
  onUsePassword,
}: {
  initialEmail?: string;
  onSent: (email: string) => void;
  onUsePassword: () => void;
}) {
  const { t } = useLingui();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeEmailFormInput, unknown, CodeEmailFormValues>({
    resolver: zodResolver(codeEmailFormSchema),
    defaultValues: { email: initialEmail ?? '' },
  });
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestLoginCode(email);
      onSent(email);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t`Sign in with a code`}>
      <p className="leading-relaxed text-ink-700">
        <Trans>No password needed: we’ll e-mail you a 6-digit code. New here? Your account is made when you sign in.</Trans>
      </p>
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full py-3`}>
        {isSubmitting ? t`Sending the code…` : t`Send code`}
      </button>
      <button type="button" onClick={onUsePassword} className={`${textLink} inline-flex min-h-11 items-center self-center`}>
        <Trans>Sign in with your password instead</Trans>
      </button>
    </form>
  );
}

/** Whole seconds until a new code may be asked for, counting down once a second. */
function useSecondsUntil(sentAt: number, seconds: number): number {
  const left = () => Math.max(0, Math.ceil((sentAt + seconds * 1000 - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    const timer = window.setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only sentAt and seconds
  }, [sentAt, seconds]);
  return remaining;
}

function CodeStep({
  email,
  sentAt,
  onResent,
  onOtherEmail,
  onSignedIn,
  onUsePassword,
}: {
  email: string;
  sentAt: number;
  onResent: () => void;
  onOtherEmail: () => void;
  onSignedIn: (result: LoginResult) => Promise<void>;
  onUsePassword: () => void;
}) {
  const { t } = useLingui();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const wait = useSecondsUntil(sentAt, LOGIN_CODE_RESEND_SECONDS);
  const minutes = LOGIN_CODE_TTL_MINUTES;
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormInput, unknown, CodeFormValues>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      const result = await verifyLoginCode(email, code);
      if (!result) {
        setServerError(somethingWentWrongText());
        return;
      }
      await onSignedIn(result);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  const resend = async () => {
    setServerError(null);
    setResending(true);
    try {
      await requestLoginCode(email);
      resetField('code');
      setResent(true);
      onResent();
      setFocus('code');
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t`Sign in with a code`}>
      <FormAlert tone="success">
        {resent ? (
          <Trans>
            We sent a new 6-digit code to <strong className="break-all">{email}</strong>. The earlier code no longer works.
          </Trans>
        ) : (
          <Trans>
            We sent a 6-digit code to <strong className="break-all">{email}</strong>. It is valid for {minutes} minutes.
          </Trans>
        )}
      </FormAlert>
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <TextField
        label={t`6-digit code`}
        hint={t`Not in your inbox? Look in Spam or Promotions.`}
        type="text"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={7}
        spellCheck={false}
        className="text-lg tracking-[0.3em]"
        error={errors.code?.message}
        {...register('code')}
      />
      <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full py-3`}>
        {isSubmitting ? t`Signing in…` : t`Sign in`}
      </button>
      <div className="flex flex-col items-center gap-1">
        <button type="button" disabled={wait > 0 || resending} onClick={() => void resend()} className={`${secondaryButton} w-full py-3`}>
          {wait > 0 ? t`Send a new code in ${wait} s` : resending ? t`Sending the code…` : t`Send a new code`}
        </button>
        <button type="button" onClick={onOtherEmail} className={`${textLink} inline-flex min-h-11 items-center`}>
          <Trans>Use another e-mail</Trans>
        </button>
        <button type="button" onClick={onUsePassword} className={`${textLink} inline-flex min-h-11 items-center`}>
          <Trans>Sign in with your password instead</Trans>
        </button>
      </div>
    </form>
  );
}
