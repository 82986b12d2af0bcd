import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref, SVGProps } from 'react';
import { formMessageText } from '../lib/form-messages';
import { EyeIcon } from './icons';
import { describedBy } from './field-ids';

/** Shared look of the account forms' inputs (sign in, sign up, reset, buyer details). 48 px tall for thumbs. */
export const inputClass =
  'block min-h-12 w-full rounded-xl border border-ink-200 bg-white px-4 py-2.5 text-base text-ink-900 shadow-sm shadow-ink-900/5 placeholder:text-ink-400 ' +
  'focus:border-saffron-500 focus:outline-none focus-visible:outline-none focus:ring-3 focus:ring-saffron-200 ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-100 ' +
  'read-only:border-ink-100 read-only:bg-ink-50 read-only:text-ink-700 read-only:shadow-none read-only:focus:ring-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const labelClass = 'mb-1.5 block text-[0.95rem] font-medium text-ink-800';

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * Label, control, hint and error message, wired together by id. The error is shown in the active language: the
 * domain's form messages (the shared zod schemas') through their translations, any other text as given.
 */
export function FieldFrame({ id, label, required, error, hint, children, className = '' }: FieldFrameProps) {
  const { i18n } = useLingui();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? (
          <span className="text-saffron-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <ErrorDot />
          {formMessageText(error, i18n)}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Marks the label with '*' and sets aria-required (the form validates; the browser's bubbles stay off). */
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
  containerClassName?: string;
};

export function TextField({ label, error, hint, required, ref, containerClassName, className = '', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={containerClassName}>
      <input
        ref={ref}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${inputClass} ${className}`}
        {...input}
      />
    </FieldFrame>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input hidden by default, with a Show / Hide toggle. */
export function PasswordField({ label, error, hint, required, ref, containerClassName, className = '', ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={containerClassName}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} pr-24 ${className}`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? t`Hide password` : t`Show password`}
          className="absolute inset-y-1 right-1 inline-flex min-w-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-saffron-800 hover:bg-saffron-50"
        >
          {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
          <span aria-hidden="true">{visible ? t`Hide` : t`Show`}</span>
        </button>
      </div>
    </FieldFrame>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, ref, className = '', ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`flex min-h-11 items-center gap-3 ${className}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="h-5 w-5 shrink-0 cursor-pointer rounded border-ink-300 accent-saffron-700"
        {...input}
      />
      <label htmlFor={id} className="cursor-pointer text-[0.95rem] text-ink-800 select-none">
        {label}
      </label>
    </div>
  );
}

/** The red alert for a server error. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  const classes =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : tone === 'success'
        ? 'border-leaf-600/25 bg-leaf-50 text-leaf-600'
        : 'border-saffron-200 bg-saffron-50 text-saffron-900';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-[0.95rem] font-medium ${classes}`}>
      {children}
    </div>
  );
}

function ErrorDot() {
  return (
    <svg viewBox="0 0 16 16" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.5v4.2" stroke="#fff" strokeWidth="1.7" strokeLinecap="round" />
      <circle cx="8" cy="11.3" r="1" fill="#fff" />
    </svg>
  );
}

function EyeOffIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M3 3l18 18" />
      <path d="M10.6 6.1A9.9 9.9 0 0 1 12 6c6 0 9.5 6 9.5 6a16.6 16.6 0 0 1-2.9 3.6M6.5 7.6C4 9.3 2.5 12 2.5 12s3.5 6.5 9.5 6.5a9.3 9.3 0 0 0 4.3-1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
