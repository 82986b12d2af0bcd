import { RESET_TOKEN_TTL_MINUTES } from '@framewala/domain';
import type { MailMessage } from '../mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ResetEmailInput {
  to: string;
  firstName: string;
  link: string;
  expiresAt: Date;
  shopName: string;
  supportEmail: string;
}

/** The time in India, e.g. '4:05 pm IST on 22 Nov 2026'. */
function indianTime(date: Date): string {
  const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' }).format(
    date,
  );
  const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(date);
  // ICU puts narrow no-break spaces in times ('4:05\u202fpm'); plain spaces keep the e-mail ASCII.
  return `${time} IST on ${day}`.replace(/[\u202f\u00a0]/g, ' ');
}

/** A plain, phone-friendly reset e-mail: text and a single-column HTML version with one button. */
export function passwordResetEmail(input: ResetEmailInput): MailMessage {
  const hours =
    RESET_TOKEN_TTL_MINUTES % 60 === 0
      ? `${RESET_TOKEN_TTL_MINUTES / 60} hour${RESET_TOKEN_TTL_MINUTES === 60 ? '' : 's'}`
      : `${RESET_TOKEN_TTL_MINUTES} minutes`;
  const until = indianTime(input.expiresAt);
  const subject = `Reset your ${input.shopName} password`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Someone, hopefully you, asked to reset the password of your ${input.shopName} account (${input.to}).`,
    '',
    'Choose a new password here:',
    input.link,
    '',
    `The link works once and expires in ${hours} (at ${until}).`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    `${input.shopName}`,
    `Questions? Write to ${input.supportEmail}.`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;">
<div style="max-width:480px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#9a3412;">${e(input.shopName)}</p>
<p style="margin:0 0 16px;">Hello ${e(input.firstName)},</p>
<p style="margin:0 0 16px;">Someone, hopefully you, asked to reset the password of your ${e(input.shopName)} account (${e(input.to)}).</p>
<p style="margin:0 0 24px;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Choose a new password</a></p>
<p style="margin:0 0 16px;">The link works once and expires in ${e(hours)} (at ${e(until)}).</p>
<p style="margin:0 0 16px;">If the button does not work, copy this address into your browser:<br><a href="${e(input.link)}" style="color:#9a3412;word-break:break-all;">${e(input.link)}</a></p>
<p style="margin:0 0 16px;">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
<p style="margin:24px 0 0;font-size:14px;color:#6b7280;">Questions? Write to <a href="mailto:${e(input.supportEmail)}" style="color:#6b7280;">${e(input.supportEmail)}</a>.</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}
