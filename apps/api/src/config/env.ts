import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_GST_RATE_BP,
  GST_RATES_BP,
  INDIAN_STATES,
  INVOICE_PREFIX_PATTERN,
  isValidGstin,
  type TaxSettings,
} from '@framewala/domain';

/**
 * Development values for the payment sandbox. They are public on purpose (they also stand in .env.example) and are
 * refused when NODE_ENV=production.
 */
export const DEV_SECRETS = {
  RAZORPAY_KEY_ID: 'rzp_test_framewala_sandbox',
  RAZORPAY_KEY_SECRET: 'sandbox_key_secret_for_development_only',
  RAZORPAY_WEBHOOK_SECRET: 'sandbox_webhook_secret_for_development_only',
  JWT_SECRET: 'development_only_jwt_secret_change_me_in_production',
} as const;

/** A GSTIN of the right shape and check character, registered to nobody: the invoices' seller until one is set. */
export const DEMO_GSTIN = '29AAAAA0000A1ZY';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), 'must be a postgres:// or postgresql:// URL');

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be an absolute URL such as https://framewala.in' }).optional()),
    DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(true|false|\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-f.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:/]+))*)?$/i,
        'must be false, true, a number of proxies, or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas',
      )
      .default('false'),
    SERVER_ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
    PAYMENT_PROVIDER: z.enum(['razorpay', 'sandbox'], { error: 'must be razorpay or sandbox' }).optional(),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default('Framewala <orders@framewala.in>'),
    S3_ENDPOINT: optionalString.pipe(z.url({ error: 'must be a URL such as https://s3.ap-south-1.amazonaws.com' }).optional()),
    S3_REGION: z.string().trim().min(1).default('auto'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    S3_PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be a URL (e.g. your CDN in front of the bucket)' }).optional()),
    SHOP_NAME: z.string().trim().min(1).default('Framewala'),
    SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('hello@framewala.in'),
    SUPPORT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{8,20}$/, 'must be a phone number such as +91 98765 43210')
      .default('+91 98765 43210'),
    WHATSAPP_NUMBER: z
      .string()
      .trim()
      .regex(/^[0-9]{8,15}$/, 'must be digits only with the country code, e.g. 919876543210')
      .default('919876543210'),
    // The seller on tax invoices until the owner saves the console's tax settings.
    SHOP_LEGAL_NAME: z.string().trim().min(1).max(120).default('Framewala Frames Private Limited'),
    SHOP_ADDRESS: z.string().trim().min(1).max(400).default('12 MG Road, Bengaluru 560001'),
    SHOP_STATE: z.enum(INDIAN_STATES, { error: 'must be a state or union territory of India, e.g. Karnataka' }).default('Karnataka'),
    SHOP_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isValidGstin, 'must be a valid GSTIN (15 characters with its check character)')
      .default(DEMO_GSTIN),
    SHOP_HSN: z
      .string()
      .trim()
      .regex(/^[0-9]{4,8}$/, 'must be an HSN code of 4 to 8 digits')
      .default('4414'),
    SHOP_GST_RATE: z.coerce
      .number()
      .refine((r) => (GST_RATES_BP as readonly number[]).includes(Math.round(r * 100)), 'must be 0, 5, 12, 18 or 28 (percent)')
      .default(DEFAULT_GST_RATE_BP / 100),
    INVOICE_PREFIX: z.string().trim().regex(INVOICE_PREFIX_PATTERN, 'must be 1 to 6 capital letters or digits').default('FW'),
  })
  .superRefine((env, ctx) => {
    if (env.SERVER_ROLE !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVER_ROLE'],
        message: `${env.SERVER_ROLE} needs DATABASE_URL (the embedded database serves one process: use all)`,
      });
    }
    if (env.S3_BUCKET) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when S3_BUCKET is set' });
      }
    }
    if (env.PAYMENT_PROVIDER === 'razorpay' && env.NODE_ENV !== 'production') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER is razorpay' });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.PAYMENT_PROVIDER !== 'razorpay') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'must be razorpay in production (the sandbox is refused)' });
    }
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      const value = env[key];
      if (!value) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      else if (value === DEV_SECRETS[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'must not be the development value in production' });
    }
    if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    else if (env.JWT_SECRET === DEV_SECRETS.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must not be the development value in production' });
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** Whether X-Forwarded-For is believed for request.ip (Fastify's trustProxy): false, true, a hop count or addresses. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** all: web, API and job workers in one process; api: HTTP only (jobs are sent, not run); worker: jobs and schedules. */
  role: Env['SERVER_ROLE'];
  payments: {
    provider: 'razorpay' | 'sandbox';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
  };
  auth: {
    jwtSecret: string;
  };
  mail: {
    /** Unset: messages are written to DATA_DIR/outbox as .eml files. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Unset: files are stored on local disk under DATA_DIR/storage. */
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        publicUrl: string | undefined;
      }
    | undefined;
  site: {
    name: string;
    supportEmail: string;
    supportPhone: string;
    whatsappNumber: string;
  };
  /** The seller's tax details until the owner saves them in the console. */
  tax: TaxSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and its meaning.`,
    );
    this.name = 'ConfigError';
  }
}

/** TRUST_PROXY: '' or false (the default), true (any proxy), a number of proxy hops, or a list of proxy addresses/CIDRs. */
function parseTrustProxy(value: string): Config['trustProxy'] {
  const v = value.toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops; // what Fastify does with a number, which its types do not accept
  }
  return v.split(',').map((part) => part.trim());
}

/** Validates the environment once at boot; every missing or bad variable is named in one error. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got =
        typeof issue.path[0] === 'string' && source[issue.path[0]] !== undefined && !/SECRET|PASSWORD|DATABASE_URL|SMTP_URL/.test(name)
          ? ` (got "${source[issue.path[0]]}")`
          : '';
      return `${name} ${issue.message}${got}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const provider = env.PAYMENT_PROVIDER ?? (env.NODE_ENV === 'production' ? 'razorpay' : 'sandbox');
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    role: env.SERVER_ROLE,
    payments: {
      provider,
      keyId: env.RAZORPAY_KEY_ID ?? DEV_SECRETS.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET ?? DEV_SECRETS.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? DEV_SECRETS.RAZORPAY_WEBHOOK_SECRET,
    },
    auth: { jwtSecret: env.JWT_SECRET ?? DEV_SECRETS.JWT_SECRET },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    site: {
      name: env.SHOP_NAME,
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      whatsappNumber: env.WHATSAPP_NUMBER,
    },
    tax: {
      legalName: env.SHOP_LEGAL_NAME,
      address: env.SHOP_ADDRESS,
      state: env.SHOP_STATE,
      gstin: env.SHOP_GSTIN,
      hsn: env.SHOP_HSN,
      rateBp: Math.round(env.SHOP_GST_RATE * 100),
      invoicePrefix: env.INVOICE_PREFIX,
    },
  };
}
