import { RESET_TOKEN_TTL_MINUTES, type Locale } from '@framewala/domain';
import type { MailMessage } from '../mail';
import { mailTexts } from '../mail-texts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ResetEmailInput {
  /** The account's language, or the request's when the account has none. */
  locale: Locale;
  to: string;
  firstName: string;
  link: string;
  expiresAt: Date;
  shopName: string;
  supportEmail: string;
}

/** A plain, phone-friendly reset e-mail in the account's language: text and a single-column HTML version with one button. */
export function passwordResetEmail(input: ResetEmailInput): MailMessage {
  const t = mailTexts(input.locale).reset;
  const hello = mailTexts(input.locale).hello(input.firstName);
  const subject = t.subject(input.shopName);
  const asked = t.asked(input.shopName, input.to);
  const validity = t.validity(RESET_TOKEN_TTL_MINUTES, input.expiresAt);
  const questions = t.questions(input.supportEmail);
  const text = [hello, '', asked, '', t.chooseHere, input.link, '', validity, t.notYou, '', `${input.shopName}`, questions, ''].join('\n');
  const e = escapeHtml;
  const supportLink = `<a href="mailto:${e(input.supportEmail)}" style="color:#6b7280;">${e(input.supportEmail)}</a>`;
  const html = `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;">
<div style="max-width:480px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#9a3412;">${e(input.shopName)}</p>
<p style="margin:0 0 16px;">${e(hello)}</p>
<p style="margin:0 0 16px;">${e(asked)}</p>
<p style="margin:0 0 24px;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(t.button)}</a></p>
<p style="margin:0 0 16px;">${e(validity)}</p>
<p style="margin:0 0 16px;">${e(t.copyLink)}<br><a href="${e(input.link)}" style="color:#9a3412;word-break:break-all;">${e(input.link)}</a></p>
<p style="margin:0 0 16px;">${e(t.notYou)}</p>
<p style="margin:24px 0 0;font-size:14px;color:#6b7280;">${e(questions).replace(e(input.supportEmail), () => supportLink)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}
