import { Box, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBrandProfileList } from '../../../lib/brandProfiles';
import { useCreditBalance } from '../../../lib/creditBalance';
import { PageLoader } from '../../../components/PageLoader';
import { useT } from '../../../lib/i18n/translate';
import { useMoreLikeThis } from '../api/useMoreLikeThis';
import { useProviderStatus } from '../api/useProviderStatus';
import { adsRequestOf } from '../api/startGeneration';
import { useGeneration } from '../hooks/useGeneration';
import { GenerateForm } from './GenerateForm';
import type { GenerationFormValues } from './generationSchema';
import { PreviewCard } from './PreviewCard';

export type StudioTab = 'single' | 'bulk';

// The Bulk tab's panel (CSV parsing, its table) loads when the tab is first opened, not with the Single tab.
const BulkGenerationPanel = lazy(() => import('./BulkGenerationPanel').then((module) => ({ default: module.BulkGenerationPanel })));


/**
 * /studio (Single tab) and /studio/bulk (Bulk tab); `?brandId=` preselects the brand profile and
 * `?prompt=` fills the prompt (the library's 'Generate Similar'); `?likeAsset=` ('Make more like
 * this') fills both from that asset and adds the asset itself as a reference image.
 */
export function Studio({ initialTab }: { initialTab: StudioTab }) {
  const t = useT();
  const [tab, setTab] = useState<StudioTab>(initialTab);
  const [visited, setVisited] = useState<Record<StudioTab, boolean>>({ single: initialTab === 'single', bulk: initialTab === 'bulk' });
  const showTab = (value: StudioTab) => {
    setTab(value);
    setVisited((previous) => ({ ...previous, [value]: true }));
  };
  const [searchParams] = useSearchParams();
  const [initialBrandProfileId] = useState(() => searchParams.get('brandId') ?? '');
  const [initialPrompt] = useState(() => searchParams.get('prompt') ?? '');
  const [likeAssetId] = useState(() => searchParams.get('likeAsset'));
  const likeAsset = useMoreLikeThis(likeAssetId);
  const { data: balance } = useCreditBalance();
  const providerStatus = useProviderStatus();
  const provider = providerStatus.data;
  const brandList = useBrandProfileList();
  const brandProfiles = useMemo(() => brandList.data ?? [], [brandList.data]);
  // ?brandId= waits for the list, then says so when the profile does not exist (deleted, or another organization's).
  const waitingForBrand = !!initialBrandProfileId && !brandList.isSuccess;
  const linkedBrandMissing = !!initialBrandProfileId && brandList.isSuccess && !brandProfiles.some((profile) => profile.id === initialBrandProfileId);
  const generation = useGeneration();

  const onGenerate = (values: GenerationFormValues, referenceImages: File[]) => {
    const configured = provider?.isConfigured ?? true;
    const brandProfileId = brandProfiles.some((profile) => profile.id === values.brandProfileId) ? values.brandProfileId : null;
    void generation.generate(
      {
        prompt: values.prompt,
        testImages: !configured,
        quality: values.quality,
        size: values.size,
        brandProfileId,
        variationCount: values.variationCount,
        contentPolicyScan: values.contentPolicyScan,
        referenceImages,
        adFormats: values.adFormats,
        ads: adsRequestOf(values.ads),
      },
      values.prompt,
    );
  };

  return (
    <Box>
      <Typography variant="h4" component="h2">
        {t('studio.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('studio.subtitle')}
      </Typography>

      {/* On a phone the two tabs share the width and their labels wrap ("Generación individual" is long). */}
      <Tabs
        value={tab}
        onChange={(_, value: StudioTab) => showTab(value)}
        aria-label={t('studio.modes')}
        sx={{ mt: 2, mb: 3, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { flex: { xs: 1, sm: 'none' }, minWidth: 0 } }}
      >
        <Tab value="single" label={t('studio.tab.single')} id="studio-tab-single" aria-controls="studio-panel-single" />
        <Tab value="bulk" label={t('studio.tab.bulk')} id="studio-tab-bulk" aria-controls="studio-panel-bulk" />
      </Tabs>

      {/* A panel renders when first shown and then stays mounted: a running generation survives a tab switch. */}
      <Box role="tabpanel" id="studio-panel-single" aria-labelledby="studio-tab-single" hidden={tab !== 'single'}>
        {/* The form waits for the provider's status: its notice would otherwise push the prompt down as it arrives. */}
        {visited.single && (providerStatus.isPending || likeAsset.isLoading) && <PageLoader />}
        {visited.single && !providerStatus.isPending && !likeAsset.isLoading && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
            <GenerateForm
              balance={balance?.credits}
              provider={provider}
              brandProfiles={brandProfiles}
              initialBrandProfileId={likeAsset.data?.brandProfileId ?? initialBrandProfileId}
              initialPrompt={likeAsset.data?.prompt ?? initialPrompt}
              initialReferenceImages={likeAsset.data?.reference ? [likeAsset.data.reference] : undefined}
              busy={generation.busy}
              waitingFor={waitingForBrand ? t(brandList.isError ? 'studio.brandListRetrying' : 'studio.brandListLoading') : null}
              brandNotice={linkedBrandMissing ? t('studio.linkedBrandMissing') : null}
              requestError={generation.state.requestError}
              onGenerate={onGenerate}
            />
            <PreviewCard state={generation.state} />
          </Box>
        )}
      </Box>
      <Box role="tabpanel" id="studio-panel-bulk" aria-labelledby="studio-tab-bulk" hidden={tab !== 'bulk'}>
        {visited.bulk && (
          <Suspense fallback={<PageLoader />}>
            <BulkGenerationPanel brandProfiles={brandProfiles} initialBrandProfileId={initialBrandProfileId} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

export default function StudioPage() {
  return <Studio initialTab="single" />;
}
