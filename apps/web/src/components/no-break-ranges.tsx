import { Fragment } from 'react';

const RANGE = /(\d+(?:\.\d+)?\s?[–-]\s?\d+(?:\.\d+)?)/;

/** Keeps number ranges such as '5–7' on one line (a line must not break after the en dash). Text content is unchanged. */
export function NoBreakRanges({ text }: { text: string }) {
  const parts = text.split(RANGE);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
