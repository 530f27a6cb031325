/**
 * Meta's Marketing API version table (Marketing API changelog, "Versions"): when each version
 * Brandloom may be configured with stops answering ads calls. Versions not listed are either newer
 * (no date yet) or older than v24.0 (all expired).
 */
export const MARKETING_API_EXPIRY: Readonly<Record<string, string | null>> = {
  'v24.0': '2026-11-10',
  'v25.0': '2027-02-23',
  'v26.0': null,
  'v27.0': null,
};

const OLDEST_LISTED = 24;
/** A version expiring within this many days is announced to administrators. */
export const VERSION_NOTICE_DAYS = 60;

export interface GraphVersionNotice {
  version: string;
  expiresOn: string | null;
  expired: boolean;
}

/** The notice administrators get for `version` on `today`, or null while it has more than VERSION_NOTICE_DAYS to live. */
export function graphVersionNotice(version: string, today = new Date()): GraphVersionNotice | null {
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  const listed = MARKETING_API_EXPIRY[version];
  if (listed === undefined) return Number.isFinite(major) && major < OLDEST_LISTED ? { version, expiresOn: null, expired: true } : null;
  if (listed === null) return null;
  const daysLeft = (Date.parse(`${listed}T00:00:00Z`) - today.getTime()) / 86_400_000;
  if (daysLeft > VERSION_NOTICE_DAYS) return null;
  return { version, expiresOn: listed, expired: daysLeft <= 0 };
}
