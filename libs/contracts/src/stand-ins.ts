/**
 * The services Brandloom runs with a built-in stand-in until a variable switches them to the real
 * one. `npm start` prints the stand-ins in use and administrators see them in the Studio and /admin.
 */
export interface StandInDto {
  service: string;
  /** The variable that switches to the real service (the others it needs are named in `also`). */
  variable: string;
  also: string[];
  /** What runs meanwhile. */
  standIn: string;
}

interface StandInRule extends StandInDto {
  /** Whether the real service is configured, from the environment. */
  configured: (env: Readonly<Record<string, string | undefined>>) => boolean;
}

const set = (value: string | undefined) => Boolean(value && value.trim());

const RULES: readonly StandInRule[] = [
  { service: 'Image generation', variable: 'OPENAI_API_KEY', also: [], standIn: 'the local renderer draws test images', configured: (env) => set(env.OPENAI_API_KEY) },
  {
    service: 'Payments',
    variable: 'STRIPE_SECRET_KEY',
    also: ['STRIPE_WEBHOOK_SECRET'],
    standIn: 'plans and credit packs are listed but cannot be bought',
    configured: (env) => set(env.STRIPE_SECRET_KEY),
  },
  {
    service: 'Meta ads',
    variable: 'META_APP_ID',
    also: ['META_APP_SECRET', 'META_TOKEN_KEY'],
    standIn: 'pushing to Meta is not offered',
    configured: (env) => set(env.META_APP_ID) && set(env.META_APP_SECRET),
  },
  { service: 'Google sign-in', variable: 'GOOGLE_CLIENT_ID', also: ['GOOGLE_CLIENT_SECRET'], standIn: 'hidden; email and password only', configured: (env) => set(env.GOOGLE_CLIENT_ID) && set(env.GOOGLE_CLIENT_SECRET) },
  { service: 'Mail', variable: 'SMTP_URL', also: ['MAIL_FROM'], standIn: 'mails are written to the log and .data/mail', configured: (env) => set(env.SMTP_URL) },
  { service: 'File storage', variable: 'S3_BUCKET', also: ['S3_ENDPOINT'], standIn: 'files on local disk under .data/storage', configured: (env) => set(env.S3_BUCKET) },
  { service: 'Job queue', variable: 'REDIS_URL', also: [], standIn: 'jobs run inside the API process', configured: (env) => set(env.REDIS_URL) },
  {
    service: 'Database',
    variable: 'DATABASE_URL',
    also: [],
    standIn: 'the embedded PostgreSQL in .data/postgres',
    configured: (env) => set(env.DATABASE_URL) && env.EMBEDDED_DATABASE !== 'true',
  },
];

/** The stand-ins in use for this environment, in the order above. */
export function standInsFor(env: Readonly<Record<string, string | undefined>>): StandInDto[] {
  return RULES.filter((rule) => !rule.configured(env)).map(({ service, variable, also, standIn }) => ({ service, variable, also, standIn }));
}

/** One line per stand-in: 'Image generation: the local renderer draws test images (set OPENAI_API_KEY)'. */
export function standInLine(standIn: StandInDto): string {
  return `${standIn.service}: ${standIn.standIn} (set ${[standIn.variable, ...standIn.also].join(', ')})`;
}

/** GET /api/admin/stand-ins */
export interface StandInsResponse {
  standIns: StandInDto[];
}
