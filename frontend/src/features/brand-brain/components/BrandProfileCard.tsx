import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { Tooltip } from '../../../components/Tooltip';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { cardDescription, personalityTags, profileColors } from '../brandData';
import { CARD_PERSONALITY_TAGS } from '../constants';
import { formatRelativeDate } from '../format';
import type { BrandProfileDto } from '@brandloom/contracts';
import { ColorSwatch } from './ColorSwatch';
import { useT } from '../../../lib/i18n/translate';

interface BrandProfileCardProps {
  profile: BrandProfileDto;
  onRename: (profile: BrandProfileDto) => void;
  onDelete: (profile: BrandProfileDto) => void;
}

function assetCount(profile: BrandProfileDto): number {
  return typeof profile.asset_count === 'number' && Number.isFinite(profile.asset_count) ? profile.asset_count : 0;
}

/** A brand profile card of the Brand Brain list. */
export function BrandProfileCard({ profile, onRename, onDelete }: BrandProfileCardProps) {
  const navigate = useNavigate();
  const t = useT();
  const titleId = useId();
  const colors = profileColors(profile.brand_data);
  const tags = personalityTags(profile.brand_data).slice(0, CARD_PERSONALITY_TAGS);
  const description = cardDescription(profile);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid="brand-profile-card"
      data-profile-id={profile.id}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ position: 'relative' }}>
        <Box
          data-testid="brand-color-band"
          data-empty={colors.length === 0 ? 'true' : undefined}
          sx={{ display: 'flex', height: 88, bgcolor: colors.length ? undefined : 'action.hover' }}
        >
          {colors.map(({ role, value }) => (
            <ColorSwatch key={role} role={role} value={value} sx={{ flex: 1 }} />
          ))}
        </Box>
        <Tooltip title={t('brandBrain.card.deleteTooltip')}>
          <IconButton
            aria-label={t('brandBrain.card.deleteLabel', { name: profile.name })}
            size="small"
            onClick={() => onDelete(profile)}
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper', color: 'error.main' } }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        {tags.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 0.5 }} aria-label={t('brandBrain.card.personality')} role="list">
            {tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" role="listitem" />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h3" noWrap sx={{ minWidth: 0 }}>
            {profile.name}
          </Typography>
          <Tooltip title={t('brandBrain.card.editTooltip')}>
            <IconButton aria-label={t('brandBrain.card.editLabel', { name: profile.name })} size="small" onClick={() => onRename(profile)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="brand-profile-description"
          sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {description}
        </Typography>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.secondary" data-testid="brand-profile-assets">
            {t('brandBrain.card.assets', { count: assetCount(profile) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="brand-profile-updated">
            {t('brandBrain.card.updated', { when: formatRelativeDate(profile.updated_at ?? profile.created_at) })}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button variant="outlined" size="small" onClick={() => void navigate(`/brand-profile-details/${encodeURIComponent(profile.id)}`)}>
          {t('brandBrain.card.viewDetails')}
        </Button>
        <Button variant="contained" size="small" onClick={() => void navigate(`/studio?brandId=${encodeURIComponent(profile.id)}`)}>
          {t('brandBrain.card.useInStudio')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** One of the 3 cards shown while the list loads. */
export function BrandProfileCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="brand-profile-skeleton" aria-hidden="true">
      <Skeleton variant="rectangular" height={88} />
      <CardContent>
        <Skeleton width="40%" />
        <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem' }} />
        <Skeleton width="90%" />
        <Skeleton width="60%" />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" width={100} height={30} />
        <Skeleton variant="rounded" width={110} height={30} />
      </CardActions>
    </Card>
  );
}
