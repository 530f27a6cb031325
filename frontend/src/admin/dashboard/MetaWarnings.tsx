import type { AdminMetaWarningDto } from '@brandloom/contracts';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { formatDate } from '../../lib/i18n/format';

const TITLES: Record<AdminMetaWarningDto['kind'], (warning: AdminMetaWarningDto) => string> = {
  version_expiring: (w) => `Meta Graph API ${w.graphVersion} is near or past its expiry date`,
  version_retired: (w) => `Meta refused a call as a retired version (${w.graphVersion})`,
  feature_retired: (w) => `Meta refused a retired field or call (${w.graphVersion})`,
};

/** What administrators must fix about the Meta integration's Graph API version, from the dashboard's metaWarnings. */
export function MetaWarnings({ warnings }: { warnings: AdminMetaWarningDto[] }) {
  if (warnings.length === 0) return null;
  return (
    <Box component="section" aria-label="Meta integration warnings" sx={{ display: 'grid', gap: 1 }}>
      {warnings.map((warning) => (
        <Alert key={`${warning.kind}:${warning.code ?? ''}:${warning.call ?? ''}`} severity="warning" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle>{TITLES[warning.kind](warning)}</AlertTitle>
          <Typography variant="body2">{warning.message}</Typography>
          {warning.lastSeenAt && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {warning.occurrences === 1 ? 'Seen once' : `Seen ${warning.occurrences} times`}, last on {formatDate(warning.lastSeenAt)}
            </Typography>
          )}
        </Alert>
      ))}
    </Box>
  );
}
