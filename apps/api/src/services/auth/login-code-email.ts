import { LOGIN_CODE_TTL_MINUTES } from '@framewala/domain';
import type { MailMessage } from '../mail';
import { mailTexts } from '../mail-texts';
import type { LoginCodeDelivery } from './login-codes';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LoginCodeEmailInput extends LoginCodeDelivery {
  shopName: string;
  supportEmail: string;
}

/**
 * The sign-in code e-mail, in the account's (or the visit's) language: the code in the subject, so a phone's
 * notification shows it, and large in the body, in a single column with nothing to click.
 */
export function loginCodeEmail(input: LoginCodeEmailInput): MailMessage {
  const texts = mailTexts(input.locale);
  const t = texts.loginCode;
  const hello = texts.hello(input.firstName);
  const subject = t.subject(input.shopName, input.code);
  const useThis = t.useThis(input.shopName);
  const validity = t.validity(LOGIN_CODE_TTL_MINUTES);
  const questions = texts.reset.questions(input.supportEmail);
  const text = [hello, '', useThis, '', input.code, '', validity, t.notYou, '', input.shopName, questions, ''].join('\n');
  const e = escapeHtml;
  const supportLink = `<a href="mailto:${e(input.supportEmail)}" style="color:#6b7280;">${e(input.supportEmail)}</a>`;
  const html = `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;">
<div style="max-width:480px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#9a3412;">${e(input.shopName)}</p>
<p style="margin:0 0 16px;">${e(hello)}</p>
<p style="margin:0 0 8px;">${e(useThis)}</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;">${e(input.code)}</p>
<p style="margin:0 0 16px;">${e(validity)}</p>
<p style="margin:0 0 16px;">${e(t.notYou)}</p>
<p style="margin:24px 0 0;font-size:14px;color:#6b7280;">${e(questions).replace(e(input.supportEmail), () => supportLink)}</p>
</div>
</body>
</html>
`;
  return { to: input.email, subject, text, html };
}
