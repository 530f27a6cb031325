import { adFormat, type AdFormatId } from '@brandloom/contracts';
import { Box, CircularProgress, Typography } from '@mui/material';
import { translate, useT, type MessageKey } from '../../../lib/i18n/translate';
import type { AdPreviewState } from '../engine/useAdPreview';

const PLACEMENT_KEYS: Record<AdFormatId, { name: MessageKey; where: MessageKey }> = {
  '1:1': { name: 'ads.placement.square', where: 'ads.placement.feed' },
  '4:5': { name: 'ads.placement.portrait', where: 'ads.placement.feed' },
  '9:16': { name: 'ads.placement.story', where: 'ads.placement.storiesReels' },
  '1.91:1': { name: 'ads.placement.landscape', where: 'ads.placement.linkAds' },
};

/** 'Story', 'Square'... in the active language. */
export function placementName(placement: AdFormatId): string {
  return translate(PLACEMENT_KEYS[placement].name);
}

/** 'Feed', 'Stories and Reels'... in the active language. */
export function placementWhere(placement: AdFormatId): string {
  return translate(PLACEMENT_KEYS[placement].where);
}

/** 'Story 9:16': a placement's name and id, as captions and progress rows show it. */
export function placementLabel(placement: AdFormatId): string {
  return `${placementName(placement)} ${placement}`;
}

/** 'Story 9:16 preview': how a preview is named to assistive technology and tests (the placement id in every language). */
export function previewName(placement: AdFormatId): string {
  return translate('ads.preview.name', { name: placementName(placement), placement });
}

/**
 * One placement's preview: the picture cropped from the centre (SVG's `slice` is the same crop as the
 * server's) with the ad's overlay on top, drawn at the placement's pixel size and scaled to fit.
 */
export function AdPreview({ placement, pictureUrl, state, maxHeight = 360, label }: { placement: AdFormatId; pictureUrl: string; state: AdPreviewState; maxHeight?: number; label?: string }) {
  const { width, height } = adFormat(placement);
  const t = useT();
  return (
    <Box
      role="img"
      aria-label={label ?? previewName(placement)}
      data-testid="ad-preview"
      data-placement={placement}
      sx={{
        position: 'relative',
        aspectRatio: `${width} / ${height}`,
        width: '100%',
        maxWidth: Math.round((maxHeight * width) / height),
        bgcolor: 'action.hover',
        overflow: 'hidden',
        lineHeight: 0,
      }}
    >
      <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${width} ${height}`} width="100%" height="100%" aria-hidden="true" focusable="false" style={{ display: 'block' }}>
        <image href={pictureUrl} x={0} y={0} width={width} height={height} preserveAspectRatio="xMidYMid slice" />
        {state.phase === 'ready' && state.overlay && <g data-testid="ad-overlay" dangerouslySetInnerHTML={{ __html: state.overlay }} />}
      </svg>
      {state.phase === 'loading' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <CircularProgress size={28} aria-label={t('ads.preview.loading', { placement })} />
        </Box>
      )}
      {state.phase === 'error' && (
        <Typography variant="caption" sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1, lineHeight: 1.4, bgcolor: 'background.paper' }}>
          {state.message}
        </Typography>
      )}
    </Box>
  );
}
