import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  ListSubheader,
  MenuItem,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CREDIT_COST_PER_IMAGE,
  AD_FORMATS,
  PLACEMENT_SIZES,
  QUALITIES,
  SIZE_LABELS,
  SIZES,
  VARIATIONS_MAX,
  creditsPerImage,
  isLargeSize,
  placementOfSize,
  VARIATIONS_MIN,
  generationCost,
  lowCreditsHint,
  maxAffordableVariations,
  notEnoughCreditsMessage,
  type ImageSize,
  type ProviderStatusDto,
  type Quality,
} from '@brandloom/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AdFormatsChooser } from './AdFormatsChooser';
import { AlsoMakeAds } from './AlsoMakeAds';
import { FormTextField } from '../../../components/FormTextField';
import { useUser } from '../../../lib/auth';
import { formatNumber } from '../../../lib/i18n/format';
import { hasMessage, translate, useRichT, useT, type MessageKey } from '../../../lib/i18n/translate';
import { lazyResolver } from '../../../lib/lazyResolver';
import type { BrandProfileOption } from '../api/useBrandProfiles';
import { BrandProfileSelect } from './BrandProfileSelect';
import { defaultGenerationValues } from './generationDefaults';
import type { GenerationFormInput, GenerationFormValues } from './generationSchema';
import { ReferenceImagesDropzone } from './ReferenceImagesDropzone';

// The rules (and zod) load when the form is first focused or checked, not with the Studio's first paint.
const generation = lazyResolver(() => import('./generationSchema').then((module) => module.generationResolver));

const QUALITY_LABELS: Record<Quality, MessageKey> = { low: 'studio.quality.low', medium: 'studio.quality.medium', high: 'studio.quality.high' };
const credits = (n: number) => translate('common.credits', { count: n });
const sizeLabel = (size: ImageSize) => (hasMessage(`studio.size.${size}`) ? translate(`studio.size.${size}` as MessageKey) : SIZE_LABELS[size]);

function sizeShortLabel(size: ImageSize): string {
  const placement = placementOfSize(size);
  return placement ? translate('studio.size.ad', { placement, size }) : sizeLabel(size);
}

export interface GenerateFormProps {
  /** The balance, or undefined while it loads (then nothing is capped or blocked here; the server still is). */
  balance: number | undefined;
  provider: ProviderStatusDto | undefined;
  brandProfiles: BrandProfileOption[];
  initialBrandProfileId: string;
  initialPrompt?: string;
  /** Reference images the form starts with ('Make more like this' brings the winner). */
  initialReferenceImages?: File[];
  busy: boolean;
  /** Why generating must wait (e.g. the brand profile of ?brandId= is still loading): shown, and Generate is off. */
  waitingFor?: string | null;
  /** A note about the linked brand profile (it does not exist). */
  brandNotice?: string | null;
  requestError: string | null;
  onGenerate: (values: GenerationFormValues, referenceImages: File[]) => void;
}

/** The "Generate Image" card with its validation and its credit messages. */
export function GenerateForm({ balance, provider, brandProfiles, initialBrandProfileId, initialPrompt, initialReferenceImages, busy, waitingFor, brandNotice, requestError, onGenerate }: GenerateFormProps) {
  const isAdmin = Boolean(useUser().data?.is_admin);
  const t = useT();
  const richT = useRichT();
  const [referenceImages, setReferenceImages] = useState<File[]>(() => initialReferenceImages ?? []);
  const { control, handleSubmit, setValue, getValues } = useForm<GenerationFormInput, unknown, GenerationFormValues>({
    resolver: generation.resolver,
    defaultValues: defaultGenerationValues(initialBrandProfileId, initialPrompt),
  });
  const quality = useWatch({ control, name: 'quality' });
  const size = useWatch({ control, name: 'size' });
  const variationCount = useWatch({ control, name: 'variationCount' });

  // The slider stops at credits ÷ cost per image (rounded down), within 1..10.
  const cap = balance === undefined ? VARIATIONS_MAX : maxAffordableVariations(balance, quality, size);
  const sliderMax = Math.max(VARIATIONS_MIN, cap);
  const total = generationCost(quality, variationCount, size);
  const perImage = creditsPerImage(quality, size);
  const notEnough = balance !== undefined && total > balance;

  useEffect(() => {
    if (getValues('variationCount') > sliderMax) setValue('variationCount', sliderMax);
  }, [sliderMax, getValues, setValue]);

  const submit = handleSubmit((values) => {
    if (busy || notEnough || waitingFor) return;
    onGenerate(values, referenceImages);
  });

  return (
    <Card variant="outlined">
      <CardHeader title={t('studio.form.title')} slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
      <CardContent>
        <Stack component="form" spacing={2.5} noValidate onSubmit={submit} onFocus={generation.preload} onPointerDown={generation.preload} aria-label={t('studio.form.title')}>
          {provider && !provider.isConfigured && (
            <Alert severity="warning" data-testid="provider-warning">
              <AlertTitle>{t('studio.provider.notConfigured', { provider: provider.apiName })}</AlertTitle>
              {t('studio.provider.testImages')}
              {isAdmin && (
                <>
                  {' '}
                  {richT('studio.provider.adminHint', { provider: provider.apiName, key: <code key="key">OPENAI_API_KEY</code>, file: <code key="file">.env</code> })}
                </>
              )}
            </Alert>
          )}

          <FormTextField
            control={control}
            name="prompt"
            label={t('studio.prompt')}
            placeholder={t('studio.promptPlaceholder')}
            multiline
            minRows={3}
            fullWidth
            disabled={busy}
          />

          <ReferenceImagesDropzone files={referenceImages} onChange={setReferenceImages} disabled={busy} />

          <Controller
            control={control}
            name="brandProfileId"
            render={({ field }) => (
              <BrandProfileSelect
                label={t('studio.brandProfileLabel')}
                value={field.value}
                onChange={field.onChange}
                profiles={brandProfiles}
                noneLabel={t('studio.noBrandProfile')}
                disabled={busy}
                fullWidth
              />
            )}
          />

          {/* Side by side only where the card is wide enough for both labels (credits per image, placement sizes). */}
          <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="quality"
              render={({ field: { ref, ...field }, fieldState: { error } }) => (
                <TextField {...field} inputRef={ref} select label={t('studio.quality')} fullWidth disabled={busy} error={!!error} helperText={error?.message}>
                  {QUALITIES.map((q) => (
                    <MenuItem key={q} value={q}>
                      {t('studio.qualityOption', { quality: t(QUALITY_LABELS[q]), credits: credits(creditsPerImage(q, size)) })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="size"
              render={({ field: { ref, ...field }, fieldState: { error } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  select
                  label={t('studio.size')}
                  fullWidth
                  disabled={busy}
                  // The field shows a placement short ('Ad 9:16 (1152x2048)'); the menu names where it runs.
                  slotProps={{ select: { renderValue: (value) => sizeShortLabel(value as ImageSize) } }}
                  error={!!error}
                  helperText={
                    error?.message ??
                    (isLargeSize(field.value) ? (
                      <span data-testid="size-cost-note">
                        {t('studio.size.largeNote', { credits: credits(perImage), quality: t(QUALITY_LABELS[quality]), standard: formatNumber(CREDIT_COST_PER_IMAGE[quality]) })}
                      </span>
                    ) : undefined)
                  }
                >
                  {SIZES.map((value) => (
                    <MenuItem key={value} value={value} sx={{ whiteSpace: 'normal' }}>
                      {sizeLabel(value)}
                    </MenuItem>
                  ))}
                  <ListSubheader>{t('studio.size.adGroup')}</ListSubheader>
                  {AD_FORMATS.map((format) => PLACEMENT_SIZES[format.id]).map((value) => (
                    <MenuItem key={value} value={value} sx={{ whiteSpace: 'normal' }}>
                      {sizeLabel(value)}
                      {isLargeSize(value) ? ` · ${t('studio.perImage', { credits: credits(creditsPerImage(quality, value)) })}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>

          <Controller
            control={control}
            name="variationCount"
            render={({ field, fieldState: { error } }) => (
              <FormControl error={!!error || notEnough} fullWidth>
                <Typography id="variations-label" variant="body2" sx={{ fontWeight: 500 }}>
                  {t('studio.variationsValue', { count: field.value })}
                </Typography>
                <Box sx={{ px: 1 }}>
                  <Slider
                    value={Math.min(field.value, sliderMax)}
                    onChange={(_, value) => field.onChange(Array.isArray(value) ? value[0] : value)}
                    min={VARIATIONS_MIN}
                    max={sliderMax}
                    step={1}
                    marks
                    valueLabelDisplay="auto"
                    disabled={busy || cap < VARIATIONS_MIN}
                    aria-label={t('studio.variations')}
                    data-testid="variation-slider"
                  />
                </Box>
                {balance !== undefined && cap < VARIATIONS_MAX && cap >= VARIATIONS_MIN && !notEnough && (
                  <FormHelperText error={false}>{t('studio.variationsCap', { cap })}</FormHelperText>
                )}
                {notEnough && <FormHelperText data-testid="low-credits-hint">{lowCreditsHint(balance)}</FormHelperText>}
                {error && <FormHelperText>{error.message}</FormHelperText>}
              </FormControl>
            )}
          />

          <Controller
            control={control}
            name="adFormats"
            render={({ field: { value, onChange } }) => <AdFormatsChooser value={value} onChange={onChange} disabled={busy} />}
          />

          <AlsoMakeAds control={control} disabled={busy} />

          <Controller
            control={control}
            name="contentPolicyScan"
            render={({ field: { value, onChange }, fieldState: { error } }) => (
              <FormControl error={!!error}>
                <FormControlLabel
                  control={<Checkbox checked={value} onChange={(event) => onChange(event.target.checked)} disabled={busy} />}
                  label={t('studio.contentPolicy')}
                />
                {error && <FormHelperText>{error.message}</FormHelperText>}
              </FormControl>
            )}
          />

          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
            <Typography data-testid="credit-total">
              {richT('studio.totalCost', { credits: <strong key="total">{credits(total)}</strong> })}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="studio-balance">
              {balance === undefined ? t('studio.balanceLoading') : t('studio.balance', { credits: credits(balance) })}
            </Typography>
          </Stack>

          {notEnough && (
            <Alert severity="error" data-testid="not-enough-credits">
              {notEnoughCreditsMessage(total, balance)}
            </Alert>
          )}
          {brandNotice && (
            <Alert severity="warning" data-testid="brand-notice">
              {brandNotice}
            </Alert>
          )}
          {waitingFor && (
            <Typography variant="body2" color="text.secondary" role="status" data-testid="generate-waiting">
              {waitingFor}
            </Typography>
          )}
          {requestError && !busy && (
            <Alert severity="error" data-testid="generation-error">
              {requestError}
            </Alert>
          )}

          <Button type="submit" variant="contained" size="large" startIcon={<AutoAwesomeIcon />} disabled={busy || notEnough || !!waitingFor}>
            {busy ? t('studio.generating') : t('studio.generate')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
