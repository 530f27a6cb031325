import { adsManagerUrl, isMetaAdGone, META_CREATIVE_FEATURES, type AdPlacementGroup, type MetaCreativeFeature, type MetaPushDto } from '@brandloom/contracts';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Alert, Box, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Link, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import type { PushableAsset } from '../../../lib/adNetworkSlots';
import { useT, type MessageKey } from '../../../lib/i18n/translate';
import { pushFailureText } from '../api/meta';

/** Which placement groups are chosen. */
export type PlacementChoice = Record<AdPlacementGroup, boolean>;
export const ALL_PLACEMENTS: PlacementChoice = { feed: true, stories: true };

/** Each group's shape in the previews (width / height) and its label. */
const PLACEMENT_SHAPES: Record<AdPlacementGroup, { ratio: string; width: number; label: MessageKey; ratios: string }> = {
  feed: { ratio: '4 / 5', width: 56, label: 'meta.push.placement.feed', ratios: '4:5 · 1:1' },
  stories: { ratio: '9 / 16', width: 40, label: 'meta.push.placement.stories', ratios: '9:16' },
};

const FEATURE_LABELS: Record<MetaCreativeFeature, MessageKey> = {
  image_touchups: 'meta.push.feature.image_touchups',
  image_template: 'meta.push.feature.image_template',
  text_optimizations: 'meta.push.feature.text_optimizations',
  inline_comment: 'meta.push.feature.inline_comment',
};

/** The placement groups chosen, in the contract's order. */
export const chosenPlacements = (choice: PlacementChoice): AdPlacementGroup[] => (Object.keys(choice) as AdPlacementGroup[]).filter((group) => choice[group]);

/** An asset's image as it shows in one placement: its thumbnail cropped to the placement's shape. */
function PlacementPreview({ asset, group }: { asset: PushableAsset; group: AdPlacementGroup }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const shape = PLACEMENT_SHAPES[group];
  const alt = t('meta.push.placement.previewAlt', { name: asset.name, placement: t(shape.label), ratio: group === 'feed' ? '4:5' : '9:16' });
  return (
    <Box sx={{ width: shape.width, aspectRatio: shape.ratio, borderRadius: 0.5, overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: 'divider', flexShrink: 0 }}>
      {asset.thumbnailUrl && !failed ? (
        <Box component="img" src={asset.thumbnailUrl} alt={alt} loading="lazy" onError={() => setFailed(true)} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Box role="img" aria-label={alt} sx={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}>
          <ImageOutlinedIcon fontSize="small" />
        </Box>
      )}
    </Box>
  );
}

/** The placement groups (feed 4:5/1:1, stories and reels 9:16) and, for each asset, which image goes where. */
export function PlacementsControl({ assets, value, onChange, disabled, error }: { assets: PushableAsset[]; value: PlacementChoice; onChange: (value: PlacementChoice) => void; disabled: boolean; error: string | null }) {
  const t = useT();
  const groups = chosenPlacements(value);
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{t('meta.push.placements')}</FormLabel>
      <FormGroup row>
        {(Object.keys(PLACEMENT_SHAPES) as AdPlacementGroup[]).map((group) => (
          <FormControlLabel
            key={group}
            control={<Checkbox checked={value[group]} onChange={(event) => onChange({ ...value, [group]: event.target.checked })} />}
            label={`${t(PLACEMENT_SHAPES[group].label)} (${PLACEMENT_SHAPES[group].ratios})`}
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? t('meta.push.placementsHint')}</FormHelperText>
      {groups.length > 0 && (
        <Stack component="ul" spacing={1} aria-label={t('meta.push.placementPreviews')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {assets.map((asset) => (
            <Stack component="li" key={asset.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-end', minWidth: 0 }}>
              {groups.map((group) => (
                <Stack key={group} spacing={0.25} sx={{ alignItems: 'center' }}>
                  <PlacementPreview asset={asset} group={group} />
                  <Typography variant="caption" color="text.secondary" aria-hidden>
                    {group === 'feed' ? '4:5' : '9:16'}
                  </Typography>
                </Stack>
              ))}
              <Typography variant="body2" sx={{ alignSelf: 'center', minWidth: 0, overflowWrap: 'anywhere' }}>
                {asset.name}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </FormControl>
  );
}

/** Meta's Advantage+ creative features: each off unless turned on here (off ones are sent opted out). */
export function CreativeFeaturesControl({ value, onChange, disabled }: { value: ReadonlySet<MetaCreativeFeature>; onChange: (value: Set<MetaCreativeFeature>) => void; disabled: boolean }) {
  const t = useT();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{t('meta.push.features')}</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{t('meta.push.featuresHint')}</FormHelperText>
      <FormGroup>
        {META_CREATIVE_FEATURES.map((feature) => (
          <FormControlLabel
            key={feature}
            control={
              <Switch
                checked={value.has(feature)}
                onChange={(event) => {
                  const next = new Set(value);
                  if (event.target.checked) next.add(feature);
                  else next.delete(feature);
                  onChange(next);
                }}
              />
            }
            label={t(FEATURE_LABELS[feature])}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

const PUSH_COLOR = { pending: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

/** One view of a multi-asset push: each asset's ad as it gets made, and why any failed. */
export function PushProgress({ assets, pushes, adAccountId }: { assets: PushableAsset[]; pushes: MetaPushDto[]; adAccountId: string }) {
  const t = useT();
  const nameOf = (push: MetaPushDto) => push.assetName ?? assets.find((asset) => asset.id === push.assetId)?.name ?? push.creativeName;
  const failed = pushes.filter((push) => push.status === 'failed').length;
  const done = pushes.filter((push) => push.status === 'completed').length;
  const ended = failed + done === pushes.length;
  return (
    <Stack spacing={1.5} data-testid="push-progress">
      <Typography role="status" variant="body2">
        {ended ? t('meta.push.progress.ended', { done, total: pushes.length }) : t('meta.push.progress.running', { done: done + failed, total: pushes.length })}
      </Typography>
      {ended && failed > 0 && <Alert severity="warning">{t('meta.push.progress.someFailed', { failed, total: pushes.length })}</Alert>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('meta.push.progress.label')}>
        {pushes.map((push) => (
          <Box component="li" key={push.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere', flex: '1 1 160px', minWidth: 0 }}>
              {nameOf(push)}
            </Typography>
            <Chip size="small" label={t(`status.${push.status}`)} color={PUSH_COLOR[push.status]} />
            {push.adId && !isMetaAdGone(push.adStatus) && (
              <Link href={adsManagerUrl(adAccountId, push.adId)} target="_blank" rel="noopener noreferrer" variant="body2">
                {t('meta.push.viewInAdsManager')}
              </Link>
            )}
            {push.status === 'failed' && (
              <Typography variant="body2" color="error" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
                {pushFailureText(push)}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
