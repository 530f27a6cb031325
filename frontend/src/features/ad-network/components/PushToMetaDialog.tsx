import {
  AD_FORMATS,
  META_SUGGESTED_FORMATS,
  type AdFormatId,
  adsManagerUrl,
  defaultCreativeName,
  META_ACTIVE_ACCOUNT_STATUS,
  META_CAMPAIGN_SEARCH_DEBOUNCE_MS,
  META_CAMPAIGN_SEARCH_THRESHOLD,
  META_CREATIVE_NAME_MAX_LENGTH,
  META_LINK_MAX_LENGTH,
  META_REQUIRED_PLAN,
  isPushLink,
  type MetaCreativeFeature,
  type MetaPushDto,
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
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { connectMeta, metaErrorText, pushAdsToMeta, pushToMeta, useAdLanguageVersions, useMetaCampaigns, useMetaStatus, useRefreshMetaQueries } from '../api/meta';
import { startAssetFormats, useAssetFormats, watchFormatJob } from '../../../lib/formats';
import { formatNumber } from '../../../lib/i18n/format';
import { translate, translatedMessages, useT, type MessageKey } from '../../../lib/i18n/translate';
import { getErrorMessage } from '../../../lib/api';
import { toast, ToastAction } from '../../../lib/toast';
import { useMetaNotConfiguredText } from './MetaNotConfigured';
import { metaStatusLabel } from '../metaStatus';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useOrganization } from '../../../lib/auth';
import type { PushableAsset } from '../../../lib/adNetworkSlots';
import { ALL_PLACEMENTS, chosenPlacements, CreativeFeaturesControl, PlacementsControl, PushProgress, type PlacementChoice } from './PushPlacements';

/** One image everywhere (the asset or one of its formats), or an image per placement group (feed, stories and reels). */
type PushMode = 'single' | 'placements';

export interface Choice {
  adAccountId: string;
  pageId: string;
  campaignId: string;
  adSetId: string;
  creativeName: string;
  /** Where the ad's button leads: the organization's website unless changed; empty lets the server use the website. */
  link?: string;
}

type Field = keyof Choice;

const EMPTY: Omit<Choice, 'creativeName'> = { adAccountId: '', pageId: '', campaignId: '', adSetId: '', link: '' };
const ORIGINAL = 'original';

/** A menu option's label followed by its notes ('Portrait 4:5 (1080×1350) · will be made'). */
/** An option with notes wraps on a phone instead of being cut at the menu's edge. */
const WRAPPING_OPTION = { whiteSpace: 'normal' } as const;

const withNotes = (label: string, ...notes: (string | false)[]): string => [label, ...notes.filter(Boolean)].join(' · ');

const SUGGESTION_KEYS: Partial<Record<AdFormatId, MessageKey>> = {
  [META_SUGGESTED_FORMATS.feed]: 'meta.push.format.suggestedFeed',
  [META_SUGGESTED_FORMATS.stories]: 'meta.push.format.suggestedStories',
};

/** Makes one format of the asset (smart crop, extended when a crop would cut too much) and resolves when it is ready. */
async function makeFormat(assetId: string, format: AdFormatId, onProgress: (progress: number) => void): Promise<void> {
  const { jobs } = await startAssetFormats(assetId, { formats: [format], method: 'crop' });
  await new Promise<void>((resolve, reject) =>
    watchFormatJob(jobs[0].progressUrl, (update) => {
      if (update.progress !== undefined) onProgress(update.progress);
      if (update.status === 'completed') resolve();
      if (update.status === 'failed') reject(new Error(update.message ?? translate('meta.push.formatFailed')));
    }),
  );
}

/** The image formats' names, as the library and the ad composer say them. */
const FORMAT_NAME_KEYS: Record<AdFormatId, MessageKey> = { '1:1': 'ads.placement.square', '4:5': 'ads.placement.portrait', '9:16': 'ads.placement.story', '1.91:1': 'ads.placement.landscape' };

/** The contracts' META_MESSAGES this dialog shows, in the active language (same en-US words). */
export const PUSH_MESSAGES = translatedMessages({
  selectAdAccount: 'meta.push.selectAdAccount',
  selectPage: 'meta.push.selectPage',
  selectCampaign: 'meta.push.selectCampaign',
  selectAdSet: 'meta.push.selectAdSet',
  enterCreativeName: 'meta.push.enterCreativeName',
  creativeNameTooLong: 'meta.push.creativeNameTooLong',
  missingInformation: 'meta.push.missingInformation',
  missingInformationDescription: 'meta.push.missingInformationDescription',
  pushed: 'meta.push.pushed',
  pushFailedTitle: 'meta.push.pushFailedTitle',
  pushFailed: 'meta.push.pushFailed',
  pushFailedDescription: 'meta.push.pushFailedDescription',
  notConnected: 'meta.push.notConnected',
  notConnectedDescription: 'meta.push.notConnectedDescription',
  connectionError: 'meta.push.connectionError',
  noAdAccounts: 'meta.push.noAdAccounts',
  noPages: 'meta.push.noPages',
  campaignsFailed: 'meta.push.campaignsFailed',
  noCampaigns: 'meta.push.noCampaigns',
  noAdSets: 'meta.push.noAdSets',
  linkInvalid: 'meta.push.linkInvalid',
});

/**
 * The product's messages for what is missing. The push button stays disabled until an ad account and an
 * ad set are chosen, so on screen only the page and the creative name can be reported.
 */
export function pushFormProblems(choice: Choice): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!choice.adAccountId) problems.adAccountId = PUSH_MESSAGES.selectAdAccount;
  if (!choice.pageId) problems.pageId = PUSH_MESSAGES.selectPage;
  if (!choice.campaignId) problems.campaignId = PUSH_MESSAGES.selectCampaign;
  if (!choice.adSetId) problems.adSetId = PUSH_MESSAGES.selectAdSet;
  const name = choice.creativeName.trim();
  if (!name) problems.creativeName = PUSH_MESSAGES.enterCreativeName;
  else if (name.length > META_CREATIVE_NAME_MAX_LENGTH) problems.creativeName = PUSH_MESSAGES.creativeNameTooLong;
  const link = choice.link?.trim() ?? '';
  if (link && !isPushLink(link)) problems.link = PUSH_MESSAGES.linkInvalid;
  return problems;
}

/**
 * The push dialog: the cascade account → page → campaign → ad set, then a paused ad. One asset is
 * pushed as one image (or one of its formats), or with an image per placement; several assets (up
 * to 10) always go with an image per placement, each its own ad in the chosen ad set, followed in
 * one progress view. Meta's Advantage+ creative features stay off unless switched on.
 */
export function PushToMetaDialog({ asset, assets, onClose }: { asset: PushableAsset | null; assets?: PushableAsset[] | null; onClose: () => void }) {
  const chosenAssets = useMemo(() => (assets && assets.length > 0 ? assets : asset ? [asset] : []), [asset, assets]);
  const several = chosenAssets.length > 1;
  // Pushed from the library's selection: an image per placement unless the user picks one image.
  const bulk = Boolean(assets && assets.length > 0);
  const first = chosenAssets[0] ?? null;
  const [mode, setMode] = useState<PushMode>('single');
  const [placements, setPlacements] = useState<PlacementChoice>(ALL_PLACEMENTS);
  const [placementsError, setPlacementsError] = useState<string | null>(null);
  const [features, setFeatures] = useState<Set<MetaCreativeFeature>>(new Set());
  const [progress, setProgress] = useState<MetaPushDto[] | null>(null);
  const perPlacement = several || mode === 'placements';
  const status = useMetaStatus();
  const t = useT();
  const refreshQueries = useRefreshMetaQueries();
  const website = useOrganization().data?.organization?.website ?? '';
  const [choice, setChoice] = useState<Choice>({ ...EMPTY, creativeName: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [search, setSearch] = useState('');
  const [debug, setDebug] = useState(false);
  const [pending, setPending] = useState(false);
  const [format, setFormat] = useState<string>(ORIGINAL);
  const [making, setMaking] = useState<number | null>(null);
  const [languageMode, setLanguageMode] = useState<'one' | 'each'>('one');
  const languageVersions = useAdLanguageVersions(several ? null : (first?.id ?? null)).data ?? [];
  const multiLanguage = languageVersions.length > 1;
  const formats = useAssetFormats(several ? undefined : first?.id);
  const ready = new Set((formats.data?.formats ?? []).map((f) => f.format));
  const term = useDebouncedValue(search.trim(), META_CAMPAIGN_SEARCH_DEBOUNCE_MS);
  const campaigns = useMetaCampaigns(choice.adAccountId || null);

  useEffect(() => {
    if (!first) return;
    setChoice({ ...EMPTY, link: website, creativeName: several ? translate('meta.push.severalName') : defaultCreativeName(first.name) });
    setProblems({});
    setSearch('');
    setFormat(ORIGINAL);
    setMode(bulk ? 'placements' : 'single');
    setPlacements(ALL_PLACEMENTS);
    setPlacementsError(null);
    setFeatures(new Set());
    setProgress(null);
  }, [first, several, bulk, website]);

  const allCampaigns = useMemo(() => campaigns.data?.campaigns ?? [], [campaigns.data]);
  const searchable = allCampaigns.length > META_CAMPAIGN_SEARCH_THRESHOLD;
  const shownCampaigns = useMemo(() => {
    if (!searchable || !term) return allCampaigns;
    const lower = term.toLowerCase();
    return allCampaigns.filter((c) => c.name.toLowerCase().includes(lower) || c.id.includes(term));
  }, [allCampaigns, searchable, term]);
  const adSets = allCampaigns.find((c) => c.id === choice.campaignId)?.adsets ?? [];

  const set = (field: Field, value: string) => {
    setChoice((current) => {
      const next = { ...current, [field]: value };
      if (field === 'adAccountId') Object.assign(next, { campaignId: '', adSetId: '' });
      if (field === 'campaignId') next.adSetId = '';
      return next;
    });
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (field === 'adAccountId') setSearch('');
  };

  const close = () => {
    if (!pending) onClose();
  };

  /** Several assets, or one with an image per placement: POST /api/meta/push-ads, each push followed in the progress view. Null unless every ad was made (the view says which failed). */
  const pushPerPlacement = async (request: Choice): Promise<string[] | null> => {
    const ended = await pushAdsToMeta(
      { ...request, assetIds: chosenAssets.map((a) => a.id), placements: chosenPlacements(placements), creativeFeatures: [...features] },
      setProgress,
    );
    return ended.every((push) => push.status === 'completed' && push.adId) ? ended.map((push) => push.adId!) : null;
  };

  /** One asset as one image (made in the chosen format first when missing), or one ad per language. */
  const pushOneImage = async (request: Choice, asset: PushableAsset): Promise<string[]> => {
    const chosen = format === ORIGINAL ? null : (format as AdFormatId);
    if (chosen && !ready.has(chosen)) {
      setMaking(0);
      await makeFormat(asset.id, chosen, setMaking);
      setMaking(null);
    }
    if (multiLanguage && languageMode === 'each') {
      // One ad per language, each named with its language.
      const ids: string[] = [];
      for (const version of languageVersions) {
        const name = `${request.creativeName} (${version.language})`.slice(0, META_CREATIVE_NAME_MAX_LENGTH);
        ids.push((await pushToMeta({ ...request, assetId: version.assetId, creativeName: name })).adId);
      }
      return ids;
    }
    const { adId } = await pushToMeta({ ...request, assetId: asset.id, ...(multiLanguage ? { multiLanguage: true } : chosen ? { format: chosen } : {}) });
    return [adId];
  };

  const submit = async () => {
    if (!first) return;
    const found = pushFormProblems(choice);
    setProblems(found);
    const noPlacement = perPlacement && chosenPlacements(placements).length === 0;
    setPlacementsError(noPlacement ? t('meta.push.choosePlacement') : null);
    if (Object.keys(found).length > 0 || noPlacement) {
      toast({ title: PUSH_MESSAGES.missingInformation, description: PUSH_MESSAGES.missingInformationDescription, variant: 'destructive' });
      return;
    }
    const { link, ...target } = choice;
    const request: Choice = { ...target, creativeName: choice.creativeName.trim(), ...(link?.trim() ? { link: link.trim() } : {}) };
    setPending(true);
    try {
      const adIds = perPlacement ? await pushPerPlacement(request) : await pushOneImage(request, first);
      if (adIds) {
        toast({
          title: t('meta.push.pushedTitle'),
          description: perPlacement || adIds.length > 1 ? t('meta.push.pushedMany', { count: adIds.length }) : `${PUSH_MESSAGES.pushed}.`,
          action: (
            <ToastAction altText={t('meta.push.viewAdAlt')} href={adsManagerUrl(choice.adAccountId, adIds)} {...{ target: '_blank', rel: 'noopener noreferrer' }}>
              {t('meta.push.viewInAdsManager')}
            </ToastAction>
          ),
        });
      }
      // Several pushes stay in the progress view until 'Done'.
      if (!perPlacement) {
        setChoice({ ...EMPTY, creativeName: '' });
        onClose();
      }
    } catch (error) {
      toast({
        title: PUSH_MESSAGES.pushFailedTitle,
        description: metaErrorText(error, debug ? PUSH_MESSAGES.pushFailed : PUSH_MESSAGES.pushFailedDescription, debug),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
      setMaking(null);
      refreshQueries();
    }
  };

  const data = status.data;
  const connected = Boolean(data?.connected);
  const notConfiguredText = useMetaNotConfiguredText();

  return (
    <Dialog open={first !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="push-to-meta-title">
      <DialogTitle id="push-to-meta-title">{several ? t('meta.push.titleMany', { count: chosenAssets.length }) : t('meta.push.title')}</DialogTitle>
      <DialogContent>
        {progress ? (
          <PushProgress assets={chosenAssets} pushes={progress} adAccountId={choice.adAccountId} />
        ) : status.isPending ? (
          <LinearProgress aria-label={t('meta.push.loadingStatus')} />
        ) : data && !data.configured ? (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="meta-not-configured">
            {notConfiguredText}
          </Alert>
        ) : data && !data.plan_allows ? (
          <Stack spacing={2} sx={{ pt: 1, alignItems: 'flex-start' }}>
            <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
              {t('meta.push.planUpgrade', { plan: META_REQUIRED_PLAN })}
            </Alert>
            <Button variant="contained" component={RouterLink} to="/billing" onClick={close}>
              {t('meta.push.upgrade', { plan: META_REQUIRED_PLAN })}
            </Button>
          </Stack>
        ) : !connected ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">
              <Typography variant="subtitle2" component="p">
                {PUSH_MESSAGES.notConnected}
              </Typography>
              {PUSH_MESSAGES.notConnectedDescription}
            </Alert>
            <Box>
              <Button variant="contained" onClick={() => void connectMeta().catch((error) => toast({ title: PUSH_MESSAGES.connectionError, description: getErrorMessage(error, PUSH_MESSAGES.connectionError), variant: 'destructive' }))}>
                {t('meta.push.connect')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
            <TextField
              select
              label={t('meta.push.adAccount')}
              value={choice.adAccountId}
              onChange={(event) => set('adAccountId', event.target.value)}
              error={Boolean(problems.adAccountId)}
              helperText={problems.adAccountId ?? (data!.adAccounts.length === 0 ? PUSH_MESSAGES.noAdAccounts : ' ')}
              disabled={pending}
            >
              {data!.adAccounts.map((account) => {
                const inactive = account.status !== META_ACTIVE_ACCOUNT_STATUS;
                return (
                  <MenuItem key={account.id} value={account.id} disabled={inactive} sx={WRAPPING_OPTION}>
                    {withNotes(`${account.name} (${account.id.replace(/^act_/, '')})`, inactive && t('meta.push.accountInactive'))}
                  </MenuItem>
                );
              })}
            </TextField>
            <TextField
              select
              label={t('meta.push.page')}
              value={choice.pageId}
              onChange={(event) => set('pageId', event.target.value)}
              error={Boolean(problems.pageId)}
              helperText={problems.pageId ?? (data!.pages.length === 0 ? PUSH_MESSAGES.noPages : ' ')}
              disabled={pending}
            >
              {data!.pages.map((page) => (
                <MenuItem key={page.id} value={page.id}>
                  {page.name}
                </MenuItem>
              ))}
            </TextField>
            {choice.adAccountId && (
              <>
                {campaigns.isPending && <LinearProgress aria-label={t('meta.push.loadingCampaigns')} />}
                {campaigns.isError && (
                  <Alert severity="error">{metaErrorText(campaigns.error, PUSH_MESSAGES.campaignsFailed, debug)}</Alert>
                )}
                {searchable && (
                  <TextField label={t('meta.push.searchCampaigns')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} disabled={pending} />
                )}
                {campaigns.isSuccess && (
                  <TextField
                    select
                    label={t('meta.push.campaign')}
                    value={shownCampaigns.some((c) => c.id === choice.campaignId) ? choice.campaignId : ''}
                    onChange={(event) => set('campaignId', event.target.value)}
                    error={Boolean(problems.campaignId)}
                    helperText={
                      problems.campaignId ??
                      (allCampaigns.length === 0 ? PUSH_MESSAGES.noCampaigns : shownCampaigns.length === 0 ? translate('meta.push.noCampaignsMatching', { term }) : ' ')
                    }
                    disabled={pending}
                  >
                    {shownCampaigns.map((campaign) => (
                      <MenuItem key={campaign.id} value={campaign.id} sx={WRAPPING_OPTION}>
                        {withNotes(campaign.name, metaStatusLabel(campaign.status, t))}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </>
            )}
            {choice.campaignId && (
              <TextField
                select
                label={t('meta.push.adSet')}
                value={choice.adSetId}
                onChange={(event) => set('adSetId', event.target.value)}
                error={Boolean(problems.adSetId)}
                helperText={problems.adSetId ?? (adSets.length === 0 ? PUSH_MESSAGES.noAdSets : ' ')}
                disabled={pending}
              >
                {adSets.map((adSet) => (
                  <MenuItem key={adSet.id} value={adSet.id} sx={WRAPPING_OPTION}>
                    {withNotes(adSet.name, metaStatusLabel(adSet.status, t))}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!several && (
              <FormControl component="fieldset" disabled={pending}>
                <FormLabel component="legend">{t('meta.push.mode')}</FormLabel>
                <RadioGroup row value={mode} onChange={(event) => setMode(event.target.value as PushMode)}>
                  <FormControlLabel value="single" control={<Radio />} label={t('meta.push.mode.single')} />
                  <FormControlLabel value="placements" control={<Radio />} label={t('meta.push.mode.placements')} />
                </RadioGroup>
              </FormControl>
            )}
            {perPlacement && (
              <>
                <PlacementsControl
                  assets={chosenAssets}
                  value={placements}
                  onChange={(value) => (setPlacements(value), setPlacementsError(null))}
                  disabled={pending}
                  error={placementsError}
                />
                <CreativeFeaturesControl value={features} onChange={setFeatures} disabled={pending} />
              </>
            )}
            {!perPlacement && (
            <TextField
              select
              label={t('meta.push.imageFormat')}
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              helperText={t('meta.push.imageFormatHint')}
              disabled={pending}
            >
              <MenuItem value={ORIGINAL}>{t('meta.push.originalImage')}</MenuItem>
              {AD_FORMATS.map((f) => {
                const suggestion = SUGGESTION_KEYS[f.id];
                return (
                  <MenuItem key={f.id} value={f.id} sx={WRAPPING_OPTION}>
                    {withNotes(`${t(FORMAT_NAME_KEYS[f.id])} ${f.id} (${f.width}×${f.height})`, !ready.has(f.id) && t('meta.push.format.willBeMade'), suggestion !== undefined && t(suggestion))}
                  </MenuItem>
                );
              })}
            </TextField>
            )}
            <TextField
              label={t('meta.push.creativeName')}
              value={choice.creativeName}
              onChange={(event) => set('creativeName', event.target.value)}
              error={Boolean(problems.creativeName)}
              helperText={problems.creativeName ?? t('meta.push.characters', { count: choice.creativeName.length, max: META_CREATIVE_NAME_MAX_LENGTH })}
              disabled={pending}
            />
            <TextField
              label={t('meta.push.link')}
              type="url"
              value={choice.link ?? ''}
              onChange={(event) => set('link', event.target.value)}
              error={Boolean(problems.link)}
              helperText={problems.link ?? t('meta.push.linkHint')}
              disabled={pending}
              slotProps={{ htmlInput: { maxLength: META_LINK_MAX_LENGTH, inputMode: 'url' } }}
            />
            {multiLanguage && !perPlacement && (
              <FormControl component="fieldset" variant="standard" disabled={pending}>
                <FormLabel component="legend">{t('meta.push.languages', { count: languageVersions.length })}</FormLabel>
                <RadioGroup value={languageMode} onChange={(event) => setLanguageMode(event.target.value as 'one' | 'each')}>
                  <FormControlLabel value="one" control={<Radio />} label={t('meta.push.oneMultiLanguageAd')} />
                  <FormControlLabel value="each" control={<Radio />} label={t('meta.push.oneAdPerLanguage', { count: languageVersions.length })} />
                </RadioGroup>
              </FormControl>
            )}
            <FormControlLabel control={<Checkbox checked={debug} onChange={(event) => setDebug(event.target.checked)} />} label={t('meta.push.debug')} />
            {pending && !perPlacement && (
              <Box>
                <LinearProgress aria-label={making !== null ? t('meta.push.makingFormat') : t('meta.push.pushing')} {...(making !== null ? { variant: 'determinate' as const, value: making } : {})} />
                <Typography variant="caption" color="text.secondary">
                  {making !== null ? t('meta.push.makingProgress', { format, percent: formatNumber(making / 100, { style: 'percent' }) }) : t('meta.push.uploading')}
                </Typography>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {progress ? (
          <Button variant="contained" onClick={close} disabled={pending}>
            {pending ? t('meta.push.pushingButton') : t('meta.push.done')}
          </Button>
        ) : (
        <Button onClick={close} disabled={pending}>
          {t('common.cancel')}
        </Button>
        )}
        {connected && !progress && (
          <Button variant="contained" onClick={() => void submit()} disabled={pending || !choice.adAccountId || !choice.adSetId}>
            {pending ? t('meta.push.pushingButton') : several ? t('meta.push.pushMany', { count: chosenAssets.length }) : t('meta.push.title')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
