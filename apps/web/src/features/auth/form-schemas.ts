/**
 * The account forms validate with the SAME zod schemas the API checks its bodies with (`@framewala/domain`), so a
 * form never accepts what the server refuses, with the same messages. Forms carry the schemas' input types and
 * submit their output (trimmed, e-mail lower-cased, phone in E.164).
 */
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  loginCodeRequestBodySchema,
  loginCodeVerifyBodySchema,
  registerFormSchema,
  resetPasswordFormSchema as sharedResetPasswordFormSchema,
} from '@framewala/domain';
import type { z } from 'zod';

export {
  ALL_FIELDS_REQUIRED_MESSAGE,
  LOGIN_CODE_RESEND_SECONDS,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_SUCCESS_MESSAGE,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  RESET_TOKEN_TTL_MINUTES,
} from '@framewala/domain';

export const signInFormSchema = loginBodySchema;
export const signUpFormSchema = registerFormSchema;
export const forgotPasswordFormSchema = forgotPasswordBodySchema;
export const codeEmailFormSchema = loginCodeRequestBodySchema;
export const codeFormSchema = loginCodeVerifyBodySchema.pick({ code: true });
export const resetPasswordFormSchema = sharedResetPasswordFormSchema;

export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormValues = z.output<typeof signInFormSchema>;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormValues = z.output<typeof signUpFormSchema>;
export type CodeEmailFormInput = z.input<typeof codeEmailFormSchema>;
export type CodeEmailFormValues = z.output<typeof codeEmailFormSchema>;
export type CodeFormInput = z.input<typeof codeFormSchema>;
export type CodeFormValues = z.output<typeof codeFormSchema>;
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;
