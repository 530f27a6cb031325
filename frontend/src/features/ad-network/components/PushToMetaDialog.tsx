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
  META_MESSAGES,
  META_REQUIRED_PLAN,
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
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { connectMeta, metaErrorText, pushToMeta, serverErrorText, useMetaCampaigns, useMetaStatus, useRefreshMetaQueries } from '../api/meta';
import { startAssetFormats, useAssetFormats, watchFormatJob } from '../../../lib/formats';
import { toast, ToastAction } from '../../../lib/toast';
import { useMetaNotConfiguredText } from './MetaNotConfigured';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import type { PushableAsset } from '../../../lib/adNetworkSlots';

export interface Choice {
  adAccountId: string;
  pageId: string;
  campaignId: string;
  adSetId: string;
  creativeName: string;
}

type Field = keyof Choice;

const EMPTY: Omit<Choice, 'creativeName'> = { adAccountId: '', pageId: '', campaignId: '', adSetId: '' };
const ORIGINAL = 'original';

function suggestionOf(id: AdFormatId): string {
  if (id === META_SUGGESTED_FORMATS.feed) return ' · suggested for feed';
  if (id === META_SUGGESTED_FORMATS.stories) return ' · suggested for stories';
  return '';
}

/** Makes one format of the asset (smart crop, extended when a crop would cut too much) and resolves when it is ready. */
async function makeFormat(assetId: string, format: AdFormatId, onProgress: (progress: number) => void): Promise<void> {
  const { jobs } = await startAssetFormats(assetId, { formats: [format], method: 'crop' });
  await new Promise<void>((resolve, reject) =>
    watchFormatJob(jobs[0].progressUrl, (update) => {
      if (update.progress !== undefined) onProgress(update.progress);
      if (update.status === 'completed') resolve();
      if (update.status === 'failed') reject(new Error(update.message ?? 'The format could not be made'));
    }),
  );
}

/**
 * The product's messages for what is missing. The push button stays disabled until an ad account and an
 * ad set are chosen, so on screen only the page and the creative name can be reported.
 */
export function pushFormProblems(choice: Choice): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!choice.adAccountId) problems.adAccountId = META_MESSAGES.selectAdAccount;
  if (!choice.pageId) problems.pageId = META_MESSAGES.selectPage;
  if (!choice.campaignId) problems.campaignId = META_MESSAGES.selectCampaign;
  if (!choice.adSetId) problems.adSetId = META_MESSAGES.selectAdSet;
  const name = choice.creativeName.trim();
  if (!name) problems.creativeName = META_MESSAGES.enterCreativeName;
  else if (name.length > META_CREATIVE_NAME_MAX_LENGTH) problems.creativeName = META_MESSAGES.creativeNameTooLong;
  return problems;
}

/** The push dialog: the cascade account → page → campaign → ad set, then a paused ad. */
export function PushToMetaDialog({ asset, onClose }: { asset: PushableAsset | null; onClose: () => void }) {
  const status = useMetaStatus();
  const refreshQueries = useRefreshMetaQueries();
  const [choice, setChoice] = useState<Choice>({ ...EMPTY, creativeName: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [search, setSearch] = useState('');
  const [debug, setDebug] = useState(false);
  const [pending, setPending] = useState(false);
  const [format, setFormat] = useState<string>(ORIGINAL);
  const [making, setMaking] = useState<number | null>(null);
  const formats = useAssetFormats(asset?.id);
  const ready = new Set((formats.data?.formats ?? []).map((f) => f.format));
  const term = useDebouncedValue(search.trim(), META_CAMPAIGN_SEARCH_DEBOUNCE_MS);
  const campaigns = useMetaCampaigns(choice.adAccountId || null);

  useEffect(() => {
    if (!asset) return;
    setChoice({ ...EMPTY, creativeName: defaultCreativeName(asset.name) });
    setProblems({});
    setSearch('');
    setFormat(ORIGINAL);
  }, [asset]);

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

  const submit = async () => {
    if (!asset) return;
    const found = pushFormProblems(choice);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      toast({ title: META_MESSAGES.missingInformation, description: META_MESSAGES.missingInformationDescription, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const chosen = format === ORIGINAL ? null : (format as AdFormatId);
      if (chosen && !ready.has(chosen)) {
        setMaking(0);
        await makeFormat(asset.id, chosen, setMaking);
        setMaking(null);
      }
      const { adId } = await pushToMeta({ assetId: asset.id, ...choice, creativeName: choice.creativeName.trim(), ...(chosen ? { format: chosen } : {}) });
      const url = adsManagerUrl(choice.adAccountId, adId);
      toast({
        title: 'Pushed to Meta',
        description: `${META_MESSAGES.pushed}.`,
        action: (
          <ToastAction altText="View the ad in Ads Manager" href={url} {...{ target: '_blank', rel: 'noopener noreferrer' }}>
            View in Ads Manager
          </ToastAction>
        ),
      });
      setChoice({ ...EMPTY, creativeName: '' });
      onClose();
    } catch (error) {
      toast({
        title: META_MESSAGES.pushFailedTitle,
        description: metaErrorText(error, debug ? META_MESSAGES.pushFailed : META_MESSAGES.pushFailedDescription, debug),
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
    <Dialog open={asset !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="push-to-meta-title">
      <DialogTitle id="push-to-meta-title">Push to Meta</DialogTitle>
      <DialogContent>
        {status.isPending ? (
          <LinearProgress aria-label="Loading Meta status" />
        ) : data && !data.configured ? (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="meta-not-configured">
            {notConfiguredText}
          </Alert>
        ) : data && !data.plan_allows ? (
          <Stack spacing={2} sx={{ pt: 1, alignItems: 'flex-start' }}>
            <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
              {META_MESSAGES.planUpgrade}
            </Alert>
            <Button variant="contained" component={RouterLink} to="/billing" onClick={close}>
              Upgrade to {META_REQUIRED_PLAN}
            </Button>
          </Stack>
        ) : !connected ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">
              <Typography variant="subtitle2" component="p">
                {META_MESSAGES.notConnected}
              </Typography>
              {META_MESSAGES.notConnectedDescription}
            </Alert>
            <Box>
              <Button variant="contained" onClick={() => void connectMeta().catch((error) => toast({ title: META_MESSAGES.connectionError, description: serverErrorText(error, META_MESSAGES.connectionError), variant: 'destructive' }))}>
                Connect Meta
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
            <TextField
              select
              label="Ad account"
              value={choice.adAccountId}
              onChange={(event) => set('adAccountId', event.target.value)}
              error={Boolean(problems.adAccountId)}
              helperText={problems.adAccountId ?? (data!.adAccounts.length === 0 ? META_MESSAGES.noAdAccounts : ' ')}
              disabled={pending}
            >
              {data!.adAccounts.map((account) => {
                const inactive = account.status !== META_ACTIVE_ACCOUNT_STATUS;
                return (
                  <MenuItem key={account.id} value={account.id} disabled={inactive}>
                    {account.name} ({account.id.replace(/^act_/, '')}){inactive ? ' · Inactive' : ''}
                  </MenuItem>
                );
              })}
            </TextField>
            <TextField
              select
              label="Facebook page"
              value={choice.pageId}
              onChange={(event) => set('pageId', event.target.value)}
              error={Boolean(problems.pageId)}
              helperText={problems.pageId ?? (data!.pages.length === 0 ? META_MESSAGES.noPages : ' ')}
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
                {campaigns.isPending && <LinearProgress aria-label="Loading campaigns" />}
                {campaigns.isError && (
                  <Alert severity="error">{metaErrorText(campaigns.error, META_MESSAGES.campaignsFailed, debug)}</Alert>
                )}
                {searchable && (
                  <TextField label="Search campaigns" type="search" value={search} onChange={(event) => setSearch(event.target.value)} disabled={pending} />
                )}
                {campaigns.isSuccess && (
                  <TextField
                    select
                    label="Campaign"
                    value={shownCampaigns.some((c) => c.id === choice.campaignId) ? choice.campaignId : ''}
                    onChange={(event) => set('campaignId', event.target.value)}
                    error={Boolean(problems.campaignId)}
                    helperText={
                      problems.campaignId ??
                      (allCampaigns.length === 0 ? META_MESSAGES.noCampaigns : shownCampaigns.length === 0 ? META_MESSAGES.noCampaignsMatching(term) : ' ')
                    }
                    disabled={pending}
                  >
                    {shownCampaigns.map((campaign) => (
                      <MenuItem key={campaign.id} value={campaign.id}>
                        {campaign.name} · {campaign.status}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </>
            )}
            {choice.campaignId && (
              <TextField
                select
                label="Ad set"
                value={choice.adSetId}
                onChange={(event) => set('adSetId', event.target.value)}
                error={Boolean(problems.adSetId)}
                helperText={problems.adSetId ?? (adSets.length === 0 ? META_MESSAGES.noAdSets : ' ')}
                disabled={pending}
              >
                {adSets.map((adSet) => (
                  <MenuItem key={adSet.id} value={adSet.id}>
                    {adSet.name} · {adSet.status}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label="Image format"
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              helperText="4:5 suits the feed, 9:16 stories and reels. A missing format is made before the push (free)."
              disabled={pending}
            >
              <MenuItem value={ORIGINAL}>Original image</MenuItem>
              {AD_FORMATS.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {`${f.name} ${f.id} (${f.width}×${f.height})`}
                  {ready.has(f.id) ? '' : ' · will be made'}
                  {suggestionOf(f.id)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Creative name"
              value={choice.creativeName}
              onChange={(event) => set('creativeName', event.target.value)}
              error={Boolean(problems.creativeName)}
              helperText={problems.creativeName ?? `${choice.creativeName.length}/${META_CREATIVE_NAME_MAX_LENGTH} characters`}
              disabled={pending}
            />
            <FormControlLabel control={<Checkbox checked={debug} onChange={(event) => setDebug(event.target.checked)} />} label="Debug mode (show Meta's error messages)" />
            {pending && (
              <Box>
                <LinearProgress aria-label={making !== null ? 'Making the format' : 'Pushing to Meta'} {...(making !== null ? { variant: 'determinate' as const, value: making } : {})} />
                <Typography variant="caption" color="text.secondary">
                  {making !== null ? `Making the ${format} format… ${making}%` : 'Uploading the image and creating a paused ad…'}
                </Typography>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        {connected && (
          <Button variant="contained" onClick={() => void submit()} disabled={pending || !choice.adAccountId || !choice.adSetId}>
            {pending ? 'Pushing…' : 'Push to Meta'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
