import {
  AD_COPY_LIMITS,
  AD_CTA_TYPES,
  AD_LAYOUTS,
  AD_LOGO_VARIANTS,
  LANGUAGE_LABELS,
  LANGUAGES,
  adFormat,
  type AdCopy,
  type AdCtaType,
  type AdDto,
  type AdFormatId,
  type Language,
  type LogoVariant,
} from '@brandloom/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { AdFormatCheckboxes } from '../../../components/formats/AdFormatCheckboxes';
import { useBrandProfileList } from '../../../lib/brandProfiles';
import { activeLocale } from '../../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../../lib/i18n/messages';
import { translate, translatedMessages, useT, type MessageKey } from '../../../lib/i18n/translate';
import type { AdPicture } from '../../../lib/adsSlots';
import { useAdsProgress, useBrandProfileKit, useCreateAds, useLibraryAsset, useSuggestCopy, useUpdateAd, type BrandLogo, type CopyProposal } from '../api/ads';
import { brandLookOf, logoFor } from '../engine/brandLook';
import { adCopyProblemText, adFitProblemText, adNoteTexts, adSaveErrorText } from '../engine/adNotes';
import { useAdPreview } from '../engine/useAdPreview';
import { useExistingAd } from '../engine/useExistingAd';
import { AdPreview, placementLabel, placementWhere } from './AdPreview';
import { TranslateCopy } from './TranslateCopy';

export const COMPOSER_MESSAGES = translatedMessages({
  placementsRequired: 'ads.composer.placementsRequired',
  fixPreviews: 'ads.composer.fixPreviews',
  suggestUnavailable: 'ads.composer.suggestUnavailable',
  suggestFailed: 'ads.composer.suggestFailed',
  saveFailed: 'ads.composer.saveFailed',
});

export const LOGO_VARIANT_LABELS = translatedMessages<LogoVariant>({ default: 'ads.logo.default', light: 'ads.logo.light', dark: 'ads.logo.dark' });

const NO_BUTTON = '';
const NO_BRAND = '';

interface ComposerProps {
  picture: AdPicture | null;
  onClose: () => void;
}

/** 'Make an ad' (or 'Edit ad' for an ad's own asset): copy, layout, logo and brand over the picture, previewed live per placement. */
export function AdComposerDialog({ picture, onClose }: ComposerProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={!!picture} onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="ad-composer-title">
      {picture && (picture.method === 'ad' ? <ExistingAd key={picture.id} picture={picture} onClose={onClose} /> : <Composer key={picture.id} picture={picture} onClose={onClose} />)}
    </Dialog>
  );
}

/** An ad's own asset: the ad it is a version of, edited on its source picture. */
function ExistingAd({ picture, onClose }: { picture: AdPicture; onClose: () => void }) {
  const existing = useExistingAd(picture);
  const t = useT();
  if (existing.phase === 'ready') return <Composer picture={existing.source} existing={existing.ad} onClose={onClose} />;
  return (
    <>
      <DialogTitle id="ad-composer-title">{t('ads.composer.editTitle')}</DialogTitle>
      <DialogContent dividers>{existing.phase === 'loading' ? <LinearProgress aria-label={t('ads.composer.loadingAd')} /> : <Alert severity="error">{existing.message}</Alert>}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </>
  );
}

interface Draft {
  placements: AdFormatId[];
  layout: string;
  headline: string;
  body: string;
  cta: AdCtaType | null;
  logoOn: boolean;
  logoVariant: LogoVariant;
  brandProfileId: string | null;
  /** The language the copy is written in: the button's label follows it. */
  language: Language;
}

function initialDraft(picture: AdPicture, existing?: AdDto): Draft {
  if (existing)
    return {
      placements: [existing.placement],
      layout: existing.layout,
      headline: existing.headline,
      body: existing.body,
      cta: existing.cta,
      logoOn: existing.logo !== null,
      logoVariant: existing.logo ?? 'default',
      brandProfileId: existing.brand_profile_id,
      language: existing.language ?? FALLBACK_LANGUAGE,
    };
  // New copy is usually written in the language the user works in.
  return { placements: ['1:1'], layout: AD_LAYOUTS[0].id, headline: '', body: '', cta: 'SHOP_NOW', logoOn: true, logoVariant: 'default', brandProfileId: picture.brand_profile_id, language: activeLocale() };
}

function Composer({ picture, existing, onClose }: { picture: AdPicture; existing?: AdDto; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(picture, existing));
  const t = useT();
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suggestNote, setSuggestNote] = useState<string | null>(null);
  const [proposals, setProposals] = useState<CopyProposal[]>([]);
  const [savedIds, setSavedIds] = useState<string[]>([]);
  const [failures, setFailures] = useState<Partial<Record<AdFormatId, string>>>({});
  const brands = useBrandProfileList();
  const kit = useBrandProfileKit(draft.brandProfileId);
  const create = useCreateAds();
  const update = useUpdateAd();
  const suggest = useSuggestCopy();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const profile = draft.brandProfileId ? (kit.data ?? brands.data?.find((candidate) => candidate.id === draft.brandProfileId)) : undefined;
  const look = useMemo(() => brandLookOf(profile?.brand_data), [profile?.brand_data]);
  const logos = kit.data?.logos;
  const logo = useMemo(() => {
    const variant = draft.logoOn ? draft.logoVariant : null;
    const found = logoFor(logos, variant);
    return variant && found ? { variant, logo: found } : null;
  }, [logos, draft.logoOn, draft.logoVariant]);
  const copy = useMemo<AdCopy>(() => ({ headline: draft.headline, body: draft.body, cta: draft.cta }), [draft.headline, draft.body, draft.cta]);
  // The fields answer each key at once; the previews lay out again as soon as the browser has time.
  const previewCopy = useDeferredValue(copy);

  const headlineProblem = adCopyProblemText('headline', draft.headline);
  const bodyProblem = adCopyProblemText('body', draft.body);
  const placementsProblem = draft.placements.length === 0 ? COMPOSER_MESSAGES.placementsRequired : null;
  const shown = (problem: string | null, value: string) => (submitted || value.length > 0 ? problem : null);
  const blocked = draft.placements.some((placement) => !!failures[placement]);

  const onSuggest = async () => {
    setSuggestNote(null);
    try {
      const answer = await suggest.mutateAsync({ assetId: picture.id, brandProfileId: draft.brandProfileId, placement: draft.placements[0] ?? '1:1' });
      setProposals(answer.proposals);
      if (answer.proposals[0]) applyProposal(answer.proposals[0]);
      else setSuggestNote(COMPOSER_MESSAGES.suggestFailed);
    } catch (failure) {
      setSuggestNote(failure instanceof ApiError && failure.status === 503 ? COMPOSER_MESSAGES.suggestUnavailable : getErrorMessage(failure, COMPOSER_MESSAGES.suggestFailed));
    }
  };
  const applyProposal = (proposal: CopyProposal) =>
    setDraft((current) => ({ ...current, headline: proposal.headline.slice(0, AD_COPY_LIMITS.headline), body: proposal.body.slice(0, AD_COPY_LIMITS.body), cta: proposal.cta ?? current.cta }));

  const save = async () => {
    setSubmitted(true);
    setError(null);
    if (headlineProblem || bodyProblem || placementsProblem) return;
    if (blocked) {
      setError(COMPOSER_MESSAGES.fixPreviews);
      return;
    }
    const logoVariant = draft.logoOn ? draft.logoVariant : null;
    try {
      if (existing) {
        const ad = await update.mutateAsync({ id: existing.id, layout: draft.layout, headline: draft.headline, body: draft.body, cta: draft.cta, logo: logoVariant });
        setSavedIds([ad.id]);
      } else {
        const answer = await create.mutateAsync({
          assetId: picture.id,
          placements: draft.placements,
          layout: draft.layout,
          headline: draft.headline,
          body: draft.body,
          cta: draft.cta,
          logo: logoVariant,
          brandProfileId: draft.brandProfileId,
          language: draft.language,
        });
        setSavedIds(answer.ads.map((ad) => ad.id));
      }
    } catch (failure) {
      setError(adSaveErrorText(failure, COMPOSER_MESSAGES.saveFailed));
    }
  };

  const saving = create.isPending || update.isPending;
  const title = existing ? t('ads.composer.editTitle') : t('ads.composer.makeTitle');

  if (savedIds.length > 0)
    return (
      <>
        <DialogTitle id="ad-composer-title">{title}</DialogTitle>
        <DialogContent dividers>
          <SaveProgress ids={savedIds} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('ads.composer.done')}
          </Button>
        </DialogActions>
      </>
    );

  return (
    <>
      <DialogTitle id="ad-composer-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {picture.name}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 360px) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={2.5} sx={{ minWidth: 0 }}>
            <FormControl component="fieldset" variant="standard" error={submitted && !!placementsProblem} disabled={!!existing}>
              <FormLabel component="legend">{t('ads.composer.placements')}</FormLabel>
              <AdFormatCheckboxes value={draft.placements} onChange={(placements) => set('placements', placements)} label={(format) => `${placementLabel(format.id)} · ${placementWhere(format.id)}`} />
              {submitted && placementsProblem && (
                <Typography variant="caption" color="error" role="alert">
                  {placementsProblem}
                </Typography>
              )}
            </FormControl>
            <TextField select label={t('ads.composer.layout')} size="small" value={draft.layout} onChange={(event) => set('layout', event.target.value)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
              {AD_LAYOUTS.map((layout) => (
                <option key={layout.id} value={layout.id}>
                  {t(`ads.layout.${layout.id}` as MessageKey)}
                </option>
              ))}
            </TextField>
            <TextField
              label={t('ads.composer.headline')}
              value={draft.headline}
              onChange={(event) => set('headline', event.target.value)}
              error={!!shown(headlineProblem, draft.headline)}
              helperText={shown(headlineProblem, draft.headline) ?? `${draft.headline.trim().length}/${AD_COPY_LIMITS.headline}`}
              required
              size="small"
            />
            <TextField
              label={t('ads.composer.body')}
              value={draft.body}
              onChange={(event) => set('body', event.target.value)}
              error={!!shown(bodyProblem, draft.body)}
              helperText={shown(bodyProblem, draft.body) ?? `${draft.body.trim().length}/${AD_COPY_LIMITS.body}`}
              multiline
              minRows={2}
              size="small"
            />
            <Box>
              <Button variant="outlined" onClick={() => void onSuggest()} disabled={suggest.isPending}>
                {suggest.isPending ? t('ads.composer.suggesting') : t('ads.composer.suggest')}
              </Button>
              {suggestNote && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {suggestNote}
                </Alert>
              )}
              {proposals.length > 1 && (
                <Stack spacing={0.5} sx={{ mt: 1 }} role="list" aria-label={t('ads.composer.suggestions')}>
                  {proposals.map((proposal, index) => (
                    <Box role="listitem" key={index}>
                      <Link component="button" type="button" variant="body2" onClick={() => applyProposal(proposal)} sx={{ textAlign: 'left' }}>
                        {t('ads.composer.useSuggestion', { headline: proposal.headline })}
                      </Link>
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
            {!existing && (
              <TranslateCopy
                source={{ assetId: picture.id, brandProfileId: draft.brandProfileId, placements: draft.placements, layout: draft.layout, headline: draft.headline, body: draft.body, cta: draft.cta, logo: draft.logoOn ? draft.logoVariant : null }}
                onSaved={setSavedIds}
              />
            )}
            <TextField
              select
              label={t('ads.composer.language')}
              size="small"
              value={draft.language}
              onChange={(event) => set('language', event.target.value as Language)}
              disabled={!!existing}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_LABELS[language]}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label={t('ads.composer.cta')}
              size="small"
              value={draft.cta ?? NO_BUTTON}
              onChange={(event) => set('cta', (event.target.value || null) as AdCtaType | null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NO_BUTTON}>{t('ads.composer.noButton')}</option>
              {AD_CTA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ctaLabel(type)}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label={t('studio.brandProfile')}
              size="small"
              value={draft.brandProfileId ?? NO_BRAND}
              onChange={(event) => set('brandProfileId', event.target.value || null)}
              disabled={!!existing}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NO_BRAND}>{t('ads.composer.noBrand')}</option>
              {(brands.data ?? []).map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
              {draft.brandProfileId && !brands.data?.some((brand) => brand.id === draft.brandProfileId) && <option value={draft.brandProfileId}>{profile?.name ?? t('ads.composer.pictureBrand')}</option>}
            </TextField>
            <Box>
              <FormControlLabel control={<Switch checked={draft.logoOn} onChange={(event) => set('logoOn', event.target.checked)} />} label={t('brandBrain.logo')} />
              {draft.logoOn && (
                <TextField
                  select
                  label={t('ads.composer.logoVariant')}
                  size="small"
                  fullWidth
                  value={draft.logoVariant}
                  onChange={(event) => set('logoVariant', event.target.value as LogoVariant)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ mt: 1 }}
                >
                  {AD_LOGO_VARIANTS.map((variant) => (
                    <option key={variant} value={variant}>
                      {LOGO_VARIANT_LABELS[variant]}
                    </option>
                  ))}
                </TextField>
              )}
              {draft.logoOn && !logo && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  {draft.brandProfileId ? t('ads.composer.noLogo') : t('ads.composer.chooseBrandForLogo')}
                </Typography>
              )}
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
          <Box
            component="section"
            aria-label={t('ads.composer.previews')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', minWidth: 0 }}
          >
            {draft.placements.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {COMPOSER_MESSAGES.placementsRequired}
              </Typography>
            )}
            {draft.placements.map((placement) => (
              <PlacementPreview
                key={placement}
                pictureUrl={picture.url}
                placement={placement}
                layout={draft.layout}
                copy={previewCopy}
                look={look}
                logo={logo}
                language={draft.language}
                onProblem={(problem) => setFailures((current) => (current[placement] === problem ? current : { ...current, [placement]: problem }))}
              />
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? t('ads.composer.saving') : existing ? t('ads.composer.saveVersion') : t('ads.composer.saveAds', { count: Math.max(1, draft.placements.length) })}
        </Button>
      </DialogActions>
    </>
  );
}

/** A call-to-action button's label in the active language (the contracts keep the en-US ones). */
export function ctaLabel(type: AdCtaType): string {
  return translate(`ads.cta.${type}`);
}

/** One placement's preview and what the layout says about it: text that does not fit, what the contrast step changed. */
function PlacementPreview({
  pictureUrl,
  placement,
  layout,
  copy,
  look,
  logo,
  language,
  onProblem,
}: {
  pictureUrl: string;
  language: Language | null;
  placement: AdFormatId;
  layout: string;
  copy: AdCopy;
  look: ReturnType<typeof brandLookOf>;
  logo: { variant: LogoVariant; logo: BrandLogo } | null;
  onProblem: (problem: string | undefined) => void;
}) {
  const state = useAdPreview({ pictureUrl, placement, layout, copy, look, logo, language });
  const problem = state.phase === 'ready' && !state.result.ok ? adFitProblemText(state.result) : undefined;
  const ready = state.phase === 'ready' ? state : null;
  // The composer's save waits on every shown placement laying out.
  useReportProblem(problem, onProblem);
  const format = adFormat(placement);
  const wide = format.width > format.height;
  return (
    <Box component="figure" sx={{ m: 0, flex: wide ? '1 1 280px' : '1 1 180px', maxWidth: wide ? 420 : 260, minWidth: 0 }}>
      <AdPreview placement={placement} pictureUrl={pictureUrl} state={state} maxHeight={wide ? 220 : 360} />
      <Typography component="figcaption" variant="caption" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
        {placementLabel(placement)}
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ mt: 0.5, py: 0, '& .MuiAlert-message': { fontSize: '0.8rem' } }} data-testid="fit-problem">
          {problem}
        </Alert>
      )}
      {ready?.result.ok &&
        adNoteTexts(ready.result.layers).map((note) => (
          <Typography key={note} variant="caption" color="text.secondary" component="p" data-testid="contrast-note" sx={{ mt: 0.5 }}>
            {note}
          </Typography>
        ))}
    </Box>
  );
}

function useReportProblem(problem: string | undefined, onProblem: (problem: string | undefined) => void) {
  const report = useRef(onProblem);
  report.current = onProblem;
  useEffect(() => report.current(problem), [problem]);
}

/** Each saved ad's rendering, then a link to its picture in the library. */
function SaveProgress({ ids }: { ids: string[] }) {
  const ads = useAdsProgress(ids);
  const queryClient = useQueryClient();
  const settled = ads.every((query) => query.data?.status === 'completed' || query.data?.status === 'failed');
  useEffect(() => {
    // The new ads are library assets (stacked under their picture): every asset list and count is stale.
    if (settled) void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/assets') });
  }, [settled, queryClient]);
  return (
    <Stack spacing={2} aria-live="polite">
      {ads.map((query, index) => (
        <AdProgressRow key={ids[index]} ad={query.data} failed={query.isError} />
      ))}
    </Stack>
  );
}

function AdProgressRow({ ad, failed }: { ad: AdDto | undefined; failed: boolean }) {
  const asset = useLibraryAsset(ad?.status === 'completed' ? ad.asset_id : null);
  const t = useT();
  if (!ad) return failed ? <Alert severity="error">{t('ads.progress.unreadable')}</Alert> : <LinearProgress aria-label={t('ads.progress.saving')} />;
  const label = placementLabel(ad.placement);
  const status = ad.status === 'completed' ? t('ads.progress.completed') : ad.status === 'failed' ? (ad.error ?? ad.message ?? t('ads.progress.failed')) : (ad.message ?? t('ads.progress.rendering'));
  return (
    <Box data-testid="ad-progress" data-status={ad.status}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{ad.version > 1 ? t('ads.progress.version', { label, version: ad.version }) : label}</Typography>
        <Typography variant="body2" color={ad.status === 'failed' ? 'error' : 'text.secondary'}>
          {status}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={ad.status === 'completed' || ad.status === 'failed' ? 100 : ad.progress}
        color={ad.status === 'failed' ? 'error' : ad.status === 'completed' ? 'success' : 'primary'}
        aria-label={t('ads.progress.label', { label })}
      />
      {asset.data && (
        <Link href={asset.data.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
          {t('ads.progress.open', { label, name: asset.data.name })}
        </Link>
      )}
    </Box>
  );
}
