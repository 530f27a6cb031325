import type { Translate } from '../../lib/i18n/translate';

/** Meta's status values (of ads, ad sets and campaigns) the screens name in words. */
const KNOWN_META_STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED', 'PENDING_REVIEW', 'DISAPPROVED', 'WITH_ISSUES', 'IN_PROCESS'] as const;
type KnownMetaStatus = (typeof KNOWN_META_STATUSES)[number];
const isKnownMetaStatus = (status: string): status is KnownMetaStatus => (KNOWN_META_STATUSES as readonly string[]).includes(status);

/** A status read from Meta in the user's language; one the catalogues do not name is shown as Meta wrote it. */
export const metaStatusLabel = (status: string, t: Translate): string => (isKnownMetaStatus(status) ? t(`meta.history.adStatus.${status}`) : status);
