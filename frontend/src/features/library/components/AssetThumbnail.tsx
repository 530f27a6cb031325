import { assetThumbnailUrl } from '@brandloom/contracts';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box } from '@mui/material';
import { useState } from 'react';
import type { Asset } from '../api/types';

/** The WebP thumbnail (?variant=thumb); the grid never loads the original. */
export function thumbnailSrc(asset: Pick<Asset, 'thumbnailUrl' | 's3_key'>): string {
  return asset.thumbnailUrl ?? assetThumbnailUrl(asset.s3_key);
}

/**
 * A square tile with the whole thumbnail in its real shape (a 9:16 stays tall, a 1.91:1 wide); an
 * icon stands in when it cannot be loaded (not made yet, for instance). `alt` defaults to the
 * asset's name; pass '' where the name is already written next to it.
 */
export function AssetThumbnail({ asset, alt = asset.name }: { asset: Asset; alt?: string }) {
  const src = thumbnailSrc(asset);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '1 / 1', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {failedSrc === src ? (
        <Box
          role="img"
          aria-label={asset.name}
          sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}
        >
          <ImageOutlinedIcon fontSize="large" />
        </Box>
      ) : (
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      )}
    </Box>
  );
}
