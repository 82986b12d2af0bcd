import { useId, type ReactNode } from 'react';

/** A labelled field of the console's offer forms: the control gets its id from here. */

export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink-900">
        {label}
      </label>
      {hint ? <span className="block text-sm text-ink-500">{hint}</span> : null}
      <div className="mt-1.5">{children(id)}</div>
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
