import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useAdsSlots } from '../../../lib/adsSlots';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../api/errors';
import { useUpdateBrandProfile } from '../api/mutations';
import { useBrandProfile } from '../api/useBrandProfile';
import { COLOR_LABELS, fullPalette, personalityTags, profileColors, typography, visualStyle } from '../brandData';
import { BRAND_MESSAGES, brandProfileLoadError, profileNameUpdateError } from '../constants';
import { formatLongDate } from '../format';
import type { BrandProfileDto } from '@brandloom/contracts';
import { ColorSwatch } from './ColorSwatch';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { PromptDialog } from './PromptDialog';

function BackToBrandBrain() {
  const t = useT();
  return (
    <Button component={RouterLink} to="/brand-brain" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
      {t('brandBrain.details.backToList')}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Field({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={`field-${name}`}>
        {value || BRAND_MESSAGES.notSpecified}
      </Typography>
    </Box>
  );
}

function BrandDataCard({ profile }: { profile: BrandProfileDto }) {
  const colors = profileColors(profile.brand_data);
  const palette = fullPalette(profile.brand_data);
  const style = visualStyle(profile.brand_data);
  const type = typography(profile.brand_data);
  const tags = personalityTags(profile.brand_data);
  const images = profile.source_images ?? [];
  const t = useT();

  return (
    <Card variant="outlined">
      <CardHeader title={t('brandBrain.details.brandData')} slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Section title={t('brandBrain.details.colorPalette')}>
            {colors.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('brandBrain.details.noColors')}
              </Typography>
            ) : (
              <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
                {colors.map(({ role, value }) => (
                  <Stack key={role} spacing={0.5} sx={{ alignItems: 'center' }}>
                    <ColorSwatch role={role} value={value} sx={{ width: 64, height: 64, borderRadius: 1, border: 1, borderColor: 'divider' }} />
                    <Typography variant="caption" color="text.secondary">
                      {COLOR_LABELS[role]}
                    </Typography>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid={`brand-color-${role}-value`}>
                      {value}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            )}
            {palette.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                  {t('brandBrain.details.fullPalette')}
                </Typography>
                <Box sx={{ display: 'flex', height: 24, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }} aria-hidden="true">
                  {palette.map((entry, index) => (
                    <Box key={`${entry.hex}-${index}`} sx={{ bgcolor: entry.hex, flexGrow: entry.proportion ?? 1, flexBasis: 0 }} />
                  ))}
                </Box>
                <Stack component="ul" direction="row" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap', gap: 1.5 }} aria-label={t('brandBrain.details.fullPalette')}>
                  {palette.map((entry, index) => (
                    <Stack component="li" key={`${entry.hex}-${index}`} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="palette-entry">
                      <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: entry.hex, border: 1, borderColor: 'divider' }} />
                      <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                        {entry.hex}
                        {entry.proportion !== null && entry.proportion !== undefined ? ` ${formatNumber(entry.proportion, { style: 'percent', maximumFractionDigits: 0 })}` : ''}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              </Box>
            )}
          </Section>

          <Section title={t('brandBrain.details.typography')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field name="font-family" label={t('brandBrain.details.fontFamily')} value={type.fontFamily} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field name="heading-style" label={t('brandBrain.details.headingStyle')} value={type.headingStyle} />
              </Grid>
            </Grid>
          </Section>

          <Section title={t('brandBrain.details.visualStyle')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field name="tone" label={t('brandBrain.details.tone')} value={style.tone} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Field name="image-style" label={t('brandBrain.details.imageStyle')} value={style.imageStyle} />
              </Grid>
            </Grid>
          </Section>

          <Section title={t('brandBrain.details.personality')}>
            {tags.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {BRAND_MESSAGES.noPersonality}
              </Typography>
            ) : (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {tags.map((tag) => (
                  <Chip key={tag} label={tag} />
                ))}
              </Stack>
            )}
          </Section>

          {images.length > 0 && (
            <Section title={t('brandBrain.details.sourceImages')}>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {images.map((image) => (
                  <Box
                    key={image.id}
                    component="img"
                    src={image.thumbnail_url || image.url}
                    alt={image.file_name ?? t('brandBrain.details.brandImage')}
                    loading="lazy"
                    sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
                  />
                ))}
              </Stack>
            </Section>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The brand profile details, at /brand-profile-details/{id} and /brand-brain/{id}. */
export default function BrandProfileDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useBrandProfile(id);
  const update = useUpdateBrandProfile();
  const [editing, setEditing] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const { BrandKitSection } = useAdsSlots();
  const t = useT();

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('brandBrain.details.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box>
        <Alert severity="error">{brandProfileLoadError(errorMessage(query.error, t('brandBrain.details.unknownError')))}</Alert>
        <BackToBrandBrain />
      </Box>
    );
  }
  const profile = query.data;
  if (!profile) {
    return (
      <Box>
        <Alert severity="warning">{BRAND_MESSAGES.notFound}</Alert>
        <BackToBrandBrain />
      </Box>
    );
  }

  // Ignored when cancelled, blank after trimming, or unchanged.
  const rename = (value: string) => {
    setEditing(false);
    const name = value.trim();
    if (!name || name === profile.name) return;
    setRenameError(null);
    update.mutate(
      { id: profile.id, name },
      {
        onSuccess: () => toast({ title: BRAND_MESSAGES.updatedTitle, description: BRAND_MESSAGES.updatedText }),
        onError: (error) => setRenameError(profileNameUpdateError(errorMessage(error, t('brandBrain.details.unknownError')))),
      },
    );
  };

  const back = () => {
    // Back where the user came from (the list or the dashboard); straight to the list on a fresh load.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/brand-brain');
  };

  return (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
        {t('brandBrain.details.back')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h2">
          {t('brandBrain.details.title')}
        </Typography>
        <Chip label={t('brandBrain.details.created', { date: formatLongDate(profile.created_at) })} size="small" variant="outlined" data-testid="brand-profile-created" />
      </Stack>

      {renameError && (
        <Alert severity="error" onClose={() => setRenameError(null)} sx={{ mb: 2 }}>
          {renameError}
        </Alert>
      )}

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {profile.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="brand-profile-description">
                {profile.description?.trim() || BRAND_MESSAGES.noDescription}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)} disabled={update.isPending}>
                {update.isPending ? t('brandBrain.saving') : t('brandBrain.details.editName')}
              </Button>
              <Button variant="contained" onClick={() => void navigate(`/studio?brandId=${encodeURIComponent(profile.id)}`)}>
                {t('brandBrain.card.useInStudio')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <BrandDataCard profile={profile} />
      <BrandKitSection brandProfileId={profile.id} />

      <PromptDialog
        open={editing}
        title={t('brandBrain.details.editName')}
        label={t('brandBrain.rename.label')}
        defaultValue={profile.name}
        confirmLabel={t('common.save')}
        onConfirm={rename}
        onCancel={() => setEditing(false)}
      />
    </Box>
  );
}
