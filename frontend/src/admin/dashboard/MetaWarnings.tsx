import type { AdminMetaWarningDto } from '@brandloom/contracts';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { formatDate } from '../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../lib/i18n/messages';
import { useT, type MessageKey } from '../../lib/i18n/translate';

const TITLES: Record<AdminMetaWarningDto['kind'], MessageKey> = {
  version_expiring: 'admin.metaWarnings.versionExpiring',
  version_retired: 'admin.metaWarnings.versionRetired',
  feature_retired: 'admin.metaWarnings.featureRetired',
};

/**
 * What administrators must fix about the Meta integration's Graph API version, from the dashboard's
 * metaWarnings. The message is the server's, with Meta's own words in it, in English.
 */
export function MetaWarnings({ warnings }: { warnings: AdminMetaWarningDto[] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <Box component="section" aria-label={t('admin.metaWarnings.label')} sx={{ display: 'grid', gap: 1 }}>
      {warnings.map((warning) => (
        <Alert key={`${warning.kind}:${warning.code ?? ''}:${warning.call ?? ''}`} severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle>{t(TITLES[warning.kind], { version: warning.graphVersion })}</AlertTitle>
          <Typography variant="body2" lang={FALLBACK_LANGUAGE}>
            {warning.message}
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
