import { DASHBOARD_RECENT_GENERATIONS, assetThumbnailUrl, type AssetDto } from '@brandloom/contracts';
import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DashboardSection, SectionError } from './DashboardSection';
import { useT } from '../../../lib/i18n/translate';


/**
 * Example ads while the organization has generated nothing yet: the landing gallery's pictures
 * (drawn for the project and rendered to WebP at build, 4:3), one per kind of ad.
 */
export const SAMPLE_IMAGES = [
  { src: '/landing/gallery/sneaker-pedestal-400.webp', alt: 'Example ad: hero shot for a sneaker product page' },
  { src: '/landing/gallery/flash-sale-400.webp', alt: 'Example ad: flash sale banner for a weekend promotion' },
  { src: '/landing/gallery/serum-bottle-400.webp', alt: 'Example ad: serum launch visual in a blush palette' },
  { src: '/landing/gallery/saas-dashboard-400.webp', alt: 'Example ad: SaaS feature announcement with the product UI' },
  { src: '/landing/gallery/herbal-tea-400.webp', alt: 'Example ad: herbal tea story in soft greens' },
  { src: '/landing/gallery/city-coffee-400.webp', alt: 'Example ad: lifestyle scene for a coffee brand' },
];

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } } as const;
const tile = { width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block', borderRadius: 2, bgcolor: 'action.hover' } as const;

export function RecentGenerations({ assets, isLoading, isError }: { assets: AssetDto[] | undefined; isLoading: boolean; isError: boolean }) {
  const t = useT();
  const viewAll = (
    <Link component={RouterLink} to="/library" variant="body2">
      {t('dashboard.viewAll')}
    </Link>
  );
  let body;
  if (isLoading) {
    body = (
      <Box sx={grid} data-testid="recent-generations-loading">
        {Array.from({ length: DASHBOARD_RECENT_GENERATIONS }, (_, i) => (
          <Skeleton key={i} variant="rounded" sx={{ ...tile, height: 'auto' }} />
        ))}
      </Box>
    );
  } else if (isError || !assets) {
    body = <SectionError>{t('dashboard.error.generations')}</SectionError>;
  } else if (!assets.length) {
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.noGenerations')}{' '}
          <Link component={RouterLink} to="/studio">
            {t('dashboard.chart.generateFirst')}
          </Link>
        </Typography>
        <Box sx={grid} data-testid="sample-images">
          {SAMPLE_IMAGES.map((sample) => (
            <Box key={sample.src} component="img" src={sample.src} alt={sample.alt} width={400} height={300} loading="lazy" sx={{ ...tile, height: 'auto', aspectRatio: '4 / 3' }} />
          ))}
        </Box>
      </>
    );
  } else {
    body = (
      <Box sx={grid} data-testid="recent-generations-grid">
        {assets.slice(0, DASHBOARD_RECENT_GENERATIONS).map((asset) => (
          <Box
            key={asset.id}
            component={RouterLink}
            to="/library"
            sx={{ display: 'block', borderRadius: 2, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
          >
            <Box component="img" src={asset.thumbnailUrl ?? assetThumbnailUrl(asset.s3_key)} alt={asset.name} loading="lazy" decoding="async" sx={tile} />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <DashboardSection title={t('dashboard.section.recentGenerations')} action={viewAll} testId="recent-generations">
      {body}
    </DashboardSection>
  );
}
