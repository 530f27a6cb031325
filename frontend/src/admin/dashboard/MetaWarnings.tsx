import type { AdminMetaWarningDto } from '@brandloom/contracts';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { formatDate } from '../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../lib/i18n/messages';
import { useRichT, useT, type MessageKey } from '../../lib/i18n/translate';

const TITLES: Record<AdminMetaWarningDto['kind'], MessageKey> = {
  version_expiring: 'admin.metaWarnings.versionExpiring',
  version_retired: 'admin.metaWarnings.versionRetired',
  feature_retired: 'admin.metaWarnings.featureRetired',
};

const EXPIRY_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

const MESSAGES: Record<AdminMetaWarningDto['messageCode'], MessageKey> = {
  version_expires_on: 'admin.metaWarnings.message.versionExpiresOn',
  version_expired_on: 'admin.metaWarnings.message.versionExpiredOn',
  version_expired: 'admin.metaWarnings.message.versionExpired',
  call_refused_retired_version: 'admin.metaWarnings.message.callRefusedRetiredVersion',
  call_refused_retired_feature: 'admin.metaWarnings.message.callRefusedRetiredFeature',
};

/**
 * What administrators must fix about the Meta integration's Graph API version, from the dashboard's
 * metaWarnings, said in the reader's language from the server's code and values; Meta's own words
 * stay as Meta wrote them, marked as English.
 */
export function MetaWarnings({ warnings }: { warnings: AdminMetaWarningDto[] }) {
  const t = useT();
  const richT = useRichT();
  if (warnings.length === 0) return null;
  return (
    <Box component="section" aria-label={t('admin.metaWarnings.label')} sx={{ display: 'grid', gap: 1 }}>
      {warnings.map((warning) => (
        <Alert key={`${warning.kind}:${warning.code ?? ''}:${warning.call ?? ''}`} severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle>{t(TITLES[warning.kind], { version: warning.graphVersion })}</AlertTitle>
          <Typography variant="body2">
            {richT(MESSAGES[warning.messageCode], {
              version: warning.graphVersion,
              date: warning.messageValues.expiresOn ? formatDate(`${warning.messageValues.expiresOn}T00:00:00Z`, EXPIRY_DATE) : '',
              call: warning.call,
              code: warning.code === null ? '' : String(warning.code),
              metaMessage: <span lang={FALLBACK_LANGUAGE}>{warning.messageValues.metaMessage}</span>,
            })}
          </Typography>
          {warning.lastSeenAt && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('admin.metaWarnings.seen', { count: warning.occurrences, date: formatDate(warning.lastSeenAt) })}
            </Typography>
          )}
        </Alert>
      ))}
    </Box>
  );
}
