import { assetThumbnailUrl, type AdResultDto } from '@brandloom/contracts';
import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { useTopCreatives } from '../api/useTopCreatives';
import { DashboardSection } from './DashboardSection';

const THUMB_PX = 56;

/**
 * 'Top creatives this week': the pushed creatives with the best CTR over the last 7 days, each with
 * its spend, and a way to make more like it. Shown only once results have come back from the ad network.
 */
export function TopCreatives() {
  const t = useT();
  const top = useTopCreatives();
  if (!top.data?.length) return null;
  const viewAll = (
    <Link component={RouterLink} to="/performance" variant="body2">
      {t('dashboard.topCreatives.viewAll')}
    </Link>
  );
  return (
    <DashboardSection title={t('dashboard.topCreatives.title')} action={viewAll} testId="top-creatives">
      <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1.5 }}>
        {top.data.map((result) => (
          <TopCreative key={result.assetId} result={result} />
        ))}
      </Stack>
    </DashboardSection>
  );
}

function TopCreative({ result }: { result: AdResultDto }) {
  const t = useT();
  const name = result.assetName ?? t('dashboard.topCreatives.deleted');
  const ctr = formatNumber(result.ctr ?? 0, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const spend = formatCurrency(result.spend, result.currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ position: 'relative', width: THUMB_PX, height: THUMB_PX, flexShrink: 0, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {result.s3Key && (
          <Box
            component="img"
            src={assetThumbnailUrl(result.s3Key)}
            alt={name}
            width={result.width ?? undefined}
            height={result.height ?? undefined}
            loading="lazy"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
          />
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.topCreatives.figures', { ctr, spend })}
        </Typography>
      </Box>
      <Link component={RouterLink} to={`/studio?likeAsset=${encodeURIComponent(result.assetId)}`} variant="body2" aria-label={t('dashboard.topCreatives.moreLikeNamed', { name })} sx={{ flexShrink: 0 }}>
        {t('dashboard.topCreatives.moreLike')}
      </Link>
    </Stack>
  );
}
