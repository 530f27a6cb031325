import { DASHBOARD_RECENT_GENERATIONS, assetThumbnailUrl, type AssetDto } from '@brandloom/contracts';
import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DashboardSection, SectionError } from './DashboardSection';

/** Stand-ins while the organization has generated nothing yet. */
export const SAMPLE_IMAGES = [
  { src: '/samples/sample-1.svg', alt: 'Sample: indigo product card' },
  { src: '/samples/sample-2.svg', alt: 'Sample: pink and amber promotion' },
  { src: '/samples/sample-3.svg', alt: 'Sample: green wellness visual' },
  { src: '/samples/sample-4.svg', alt: 'Sample: dark B2B banner' },
  { src: '/samples/sample-5.svg', alt: 'Sample: orange lifestyle post' },
  { src: '/samples/sample-6.svg', alt: 'Sample: violet beauty ad' },
];

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } } as const;
const tile = { width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block', borderRadius: 2, bgcolor: 'action.hover' } as const;

export function RecentGenerations({ assets, isLoading, isError }: { assets: AssetDto[] | undefined; isLoading: boolean; isError: boolean }) {
  const viewAll = (
    <Link component={RouterLink} to="/library" variant="body2">
      View all
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
    body = <SectionError>Error loading recent generations. Please try again.</SectionError>;
  } else if (!assets.length) {
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          No generations yet. Here is what you can make:{' '}
          <Link component={RouterLink} to="/studio">
            Generate your first image
          </Link>
        </Typography>
        <Box sx={grid} data-testid="sample-images">
          {SAMPLE_IMAGES.map((sample) => (
            <Box key={sample.src} component="img" src={sample.src} alt={sample.alt} loading="lazy" sx={tile} />
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
    <DashboardSection title="Recent Generations" action={viewAll} testId="recent-generations">
      {body}
    </DashboardSection>
  );
}
