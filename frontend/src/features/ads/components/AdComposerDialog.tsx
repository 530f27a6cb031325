import {
  AD_COPY_LIMITS,
  AD_CTA_LABELS,
  AD_CTA_TYPES,
  AD_FORMATS,
  AD_LAYOUTS,
  AD_LOGO_VARIANTS,
  adCopyProblem,
  adFormat,
  type AdCopy,
  type AdCtaType,
  type AdDto,
  type AdFormatId,
  type LogoVariant,
} from '@brandloom/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
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
import { useBrandProfileList } from '../../../lib/brandProfiles';
import type { AdPicture } from '../../../lib/adsSlots';
import { useAdsProgress, useBrandProfileKit, useCreateAds, useLibraryAsset, useSuggestCopy, useUpdateAd, type BrandLogo, type CopyProposal } from '../api/ads';
import { brandLookOf, logoFor } from '../engine/brandLook';
import { useAdPreview } from '../engine/useAdPreview';
import { useExistingAd } from '../engine/useExistingAd';
import { AdPreview, previewName } from './AdPreview';
import { TranslateCopy } from './TranslateCopy';

export const COMPOSER_MESSAGES = {
  placementsRequired: 'Choose at least one placement',
  fixPreviews: 'Some placements cannot be laid out yet: see the notes under their previews',
  suggestUnavailable: 'Copy suggestions need an OpenAI API key on the server (OPENAI_API_KEY). Write the copy yourself, or ask an administrator to add the key.',
  suggestFailed: 'No suggestions this time. Please try again.',
  saveFailed: 'The ads could not be saved. Please try again.',
} as const;

export const LOGO_VARIANT_LABELS: Record<LogoVariant, string> = { default: 'Default', light: 'Light (for dark backgrounds)', dark: 'Dark (for light backgrounds)' };
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
  if (existing.phase === 'ready') return <Composer picture={existing.source} existing={existing.ad} onClose={onClose} />;
  return (
    <>
      <DialogTitle id="ad-composer-title">Edit ad</DialogTitle>
      <DialogContent dividers>{existing.phase === 'loading' ? <LinearProgress aria-label="Loading the ad" /> : <Alert severity="error">{existing.message}</Alert>}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
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
    };
  return { placements: ['1:1'], layout: AD_LAYOUTS[0].id, headline: '', body: '', cta: 'SHOP_NOW', logoOn: true, logoVariant: 'default', brandProfileId: picture.brand_profile_id };
}

function Composer({ picture, existing, onClose }: { picture: AdPicture; existing?: AdDto; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(picture, existing));
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

  const headlineProblem = adCopyProblem('headline', draft.headline);
  const bodyProblem = adCopyProblem('body', draft.body);
  const placementsProblem = draft.placements.length === 0 ? COMPOSER_MESSAGES.placementsRequired : null;
  const shown = (problem: string | null, value: string) => (submitted || value.length > 0 ? problem : null);
  const blocked = draft.placements.some((placement) => !!failures[placement]);

  const togglePlacement = (id: AdFormatId) =>
    set('placements', draft.placements.includes(id) ? draft.placements.filter((p) => p !== id) : AD_FORMATS.map((f) => f.id).filter((f) => f === id || draft.placements.includes(f)));

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
        });
        setSavedIds(answer.ads.map((ad) => ad.id));
      }
    } catch (failure) {
      setError(getErrorMessage(failure, COMPOSER_MESSAGES.saveFailed));
    }
  };

  const saving = create.isPending || update.isPending;
  const title = existing ? 'Edit ad' : 'Make an ad';

  if (savedIds.length > 0)
    return (
      <>
        <DialogTitle id="ad-composer-title">{title}</DialogTitle>
        <DialogContent dividers>
          <SaveProgress ids={savedIds} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            Done
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
              <FormLabel component="legend">Placements</FormLabel>
              <FormGroup>
                {AD_FORMATS.map((format) => (
                  <FormControlLabel
                    key={format.id}
                    control={<Checkbox checked={draft.placements.includes(format.id)} onChange={() => togglePlacement(format.id)} />}
                    label={`${format.name} ${format.id} · ${format.placements}`}
                  />
                ))}
              </FormGroup>
              {submitted && placementsProblem && (
                <Typography variant="caption" color="error" role="alert">
                  {placementsProblem}
                </Typography>
              )}
            </FormControl>
            <TextField select label="Layout" size="small" value={draft.layout} onChange={(event) => set('layout', event.target.value)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
              {AD_LAYOUTS.map((layout) => (
                <option key={layout.id} value={layout.id}>
                  {layout.name}
                </option>
              ))}
            </TextField>
            <TextField
              label="Headline"
              value={draft.headline}
              onChange={(event) => set('headline', event.target.value)}
              error={!!shown(headlineProblem, draft.headline)}
              helperText={shown(headlineProblem, draft.headline) ?? `${draft.headline.trim().length}/${AD_COPY_LIMITS.headline}`}
              required
              size="small"
            />
            <TextField
              label="Body"
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
                {suggest.isPending ? 'Suggesting…' : 'Suggest copy'}
              </Button>
              {suggestNote && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {suggestNote}
                </Alert>
              )}
              {proposals.length > 1 && (
                <Stack spacing={0.5} sx={{ mt: 1 }} role="list" aria-label="Suggested copy">
                  {proposals.map((proposal, index) => (
                    <Box role="listitem" key={index}>
                      <Link component="button" type="button" variant="body2" onClick={() => applyProposal(proposal)} sx={{ textAlign: 'left' }}>
                        {`Use: ${proposal.headline}`}
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
              label="Call to action"
              size="small"
              value={draft.cta ?? NO_BUTTON}
              onChange={(event) => set('cta', (event.target.value || null) as AdCtaType | null)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NO_BUTTON}>No button</option>
              {AD_CTA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AD_CTA_LABELS[type]}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label="Brand profile"
              size="small"
              value={draft.brandProfileId ?? NO_BRAND}
              onChange={(event) => set('brandProfileId', event.target.value || null)}
              disabled={!!existing}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NO_BRAND}>None (neutral colours)</option>
              {(brands.data ?? []).map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
              {draft.brandProfileId && !brands.data?.some((brand) => brand.id === draft.brandProfileId) && <option value={draft.brandProfileId}>{profile?.name ?? 'This picture’s brand'}</option>}
            </TextField>
            <Box>
              <FormControlLabel control={<Switch checked={draft.logoOn} onChange={(event) => set('logoOn', event.target.checked)} />} label="Logo" />
              {draft.logoOn && (
                <TextField
                  select
                  label="Logo variant"
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
                  {draft.brandProfileId ? 'This brand has no logo yet: add one in Brand Brain. The ad is made without one.' : 'Choose a brand profile with a logo to show one.'}
                </Typography>
              )}
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
          <Box
            component="section"
            aria-label="Previews"
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
                onProblem={(problem) => setFailures((current) => (current[placement] === problem ? current : { ...current, [placement]: problem }))}
              />
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving…' : existing ? 'Save new version' : draft.placements.length > 1 ? `Save ${draft.placements.length} ads` : 'Save ad'}
        </Button>
      </DialogActions>
    </>
  );
}

/** One placement's preview and what the layout says about it: text that does not fit, what the contrast step changed. */
function PlacementPreview({
  pictureUrl,
  placement,
  layout,
  copy,
  look,
  logo,
  onProblem,
}: {
  pictureUrl: string;
  placement: AdFormatId;
  layout: string;
  copy: AdCopy;
  look: ReturnType<typeof brandLookOf>;
  logo: { variant: LogoVariant; logo: BrandLogo } | null;
  onProblem: (problem: string | undefined) => void;
}) {
  const state = useAdPreview({ pictureUrl, placement, layout, copy, look, logo });
  const problem = state.phase === 'ready' && !state.result.ok ? state.result.message : undefined;
  const ready = state.phase === 'ready' ? state : null;
  // The composer's save waits on every shown placement laying out.
  useReportProblem(problem, onProblem);
  const format = adFormat(placement);
  const wide = format.width > format.height;
  return (
    <Box component="figure" sx={{ m: 0, flex: wide ? '1 1 280px' : '1 1 180px', maxWidth: wide ? 420 : 260, minWidth: 0 }}>
      <AdPreview placement={placement} pictureUrl={pictureUrl} state={state} maxHeight={wide ? 220 : 360} />
      <Typography component="figcaption" variant="caption" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
        {previewName(placement).replace(' preview', '')}
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ mt: 0.5, py: 0, '& .MuiAlert-message': { fontSize: '0.8rem' } }} data-testid="fit-problem">
          {problem}
        </Alert>
      )}
      {ready?.result.ok &&
        ready.result.layers.adjustments.map((note) => (
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
  if (!ad) return failed ? <Alert severity="error">The ad’s progress could not be read</Alert> : <LinearProgress aria-label="Saving" />;
  const label = `${adFormat(ad.placement).name} ${ad.placement}`;
  const status = ad.status === 'completed' ? 'Completed' : ad.status === 'failed' ? (ad.error ?? ad.message ?? 'Failed') : (ad.message ?? 'Rendering');
  return (
    <Box data-testid="ad-progress" data-status={ad.status}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{`${label}${ad.version > 1 ? ` · version ${ad.version}` : ''}`}</Typography>
        <Typography variant="body2" color={ad.status === 'failed' ? 'error' : 'text.secondary'}>
          {status}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={ad.status === 'completed' || ad.status === 'failed' ? 100 : ad.progress}
        color={ad.status === 'failed' ? 'error' : ad.status === 'completed' ? 'success' : 'primary'}
        aria-label={`${label} progress`}
      />
      {asset.data && (
        <Link href={asset.data.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
          {`Open the ${label} ad (in your library as ${asset.data.name})`}
        </Link>
      )}
    </Box>
  );
}
