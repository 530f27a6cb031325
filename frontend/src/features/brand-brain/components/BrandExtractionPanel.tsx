import { Alert, Box, Button, DialogActions, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useExtractBrand } from '../api/mutations';
import { toImageDataUrls, type BrandAssetIssue } from '../brandAssets';
import { defaultProfileName, draftFromBrandData } from '../brandData';
import { BRAND_IMAGES_MAX_COUNT, BRAND_IMAGES_MIN_COUNT, BRAND_MESSAGES } from '../constants';
import type { BrandExtractionResponse, BrandProfileDto } from '@brandloom/contracts';
import type { BrandProfileDraft } from '../profileForm';
import type { ReachedLimit } from '../planLimits';
import { BrandAssetsDropzone } from './BrandAssetsDropzone';
import { PlanLimitAlert } from './PlanLimits';
import { useT } from '../../../lib/i18n/translate';

interface BrandExtractionPanelProps {
  /** A profile was created from the images (the list refreshes, the dialog closes). */
  onCreated: (profile: BrandProfileDto) => void;
  /** The brand was extracted but its profile not created: the form is prefilled with it. */
  onPrefill: (draft: BrandProfileDraft) => void;
  onCancel: () => void;
  /** A plan limit is reached (profiles: said by the dialog above its tabs; today's extractions: said here): Extract is not offered. */
  blocked?: ReachedLimit | null;
}

/** The brand extraction flow: pick up to 5 images, send them as data URLs, handle the three outcomes. */
export function BrandExtractionPanel({ onCreated, onPrefill, onCancel, blocked = null }: BrandExtractionPanelProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [issues, setIssues] = useState<BrandAssetIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const extract = useExtractBrand();
  const t = useT();
  const busy = preparing || extract.isPending;

  const fail = (message: string) => {
    setError(message);
    toast({ title: BRAND_MESSAGES.extractionFailedTitle, description: message, variant: 'destructive' });
  };

  const handleResult = (result: BrandExtractionResponse, fileNames: string[]) => {
    if (result?.profile && !result.autoCreateFailed) {
      toast({ title: BRAND_MESSAGES.profileCreated, description: result.profile.name });
      onCreated(result.profile);
      return;
    }
    const reason = result?.autoCreateError ?? null;
    const explained = !!reason && reason !== BRAND_MESSAGES.autoCreateFailed;
    // A reason (the plan's limit) is not fixed by trying again: the toast says it instead of "try again".
    toast({
      title: explained ? BRAND_MESSAGES.extractedWithoutProfile : BRAND_MESSAGES.autoCreateFailed,
      description: explained ? reason : undefined,
      variant: 'destructive',
    });
    const brandData = result?.brandData ?? null;
    const description = result?.description ?? (typeof brandData?.description === 'string' ? brandData.description : '');
    onPrefill(
      draftFromBrandData(brandData, {
        name: result?.name || defaultProfileName(fileNames),
        description,
        brandDataId: result?.brandDataId ?? null,
        reason,
      }),
    );
  };

  const start = async () => {
    if (busy || blocked || files.length < BRAND_IMAGES_MIN_COUNT) return;
    setError(null);
    setPreparing(true);
    let converted: Awaited<ReturnType<typeof toImageDataUrls>>;
    try {
      converted = await toImageDataUrls(files);
    } finally {
      setPreparing(false);
    }
    const invalid = converted.invalid.map((name) => ({ message: BRAND_MESSAGES.invalidImage, fileName: name, detail: t('brandBrain.extract.unreadable', { name }) }));
    setIssues(invalid);
    if (converted.imageUrls.length === 0) return fail(BRAND_MESSAGES.noValidImages);
    if (converted.imageUrls.length < BRAND_IMAGES_MIN_COUNT) return fail(BRAND_MESSAGES.tooFewImages);
    const { imageUrls, fileNames } = converted;
    extract.mutate(
      { imageUrls, fileNames },
      {
        onSuccess: (result) => {
          const skipped = (result?.skipped ?? []).map((s) => {
            const name = s.fileName ?? t('brandBrain.extract.imageNumber', { number: s.index + 1 });
            return { message: s.reason, fileName: name, detail: s.detail ? `${name}: ${s.detail}` : t('brandBrain.extract.skipped', { name }) };
          });
          if (skipped.length) setIssues([...invalid, ...skipped]);
          handleResult(result, fileNames);
        },
        onError: (err) => fail(getErrorMessage(err, BRAND_MESSAGES.extractionFailed)),
      },
    );
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {blocked?.kind === 'extractions' && <PlanLimitAlert limit={blocked} />}
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('brandBrain.extract.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('brandBrain.extract.intro')}
        </Typography>
      </Box>
      <BrandAssetsDropzone
        files={files}
        onChange={(next) => {
          setFiles(next);
          setError(null);
        }}
        onIssues={setIssues}
        disabled={busy}
      />
      {files.length > 0 && files.length < BRAND_IMAGES_MIN_COUNT && (
        <Typography variant="body2" color="text.secondary" role="status" data-testid="brand-asset-count">
          {t('brandBrain.extract.count', { count: files.length, min: BRAND_IMAGES_MIN_COUNT, max: BRAND_IMAGES_MAX_COUNT })} {BRAND_MESSAGES.tooFewImages}.
        </Typography>
      )}
      {issues.length > 0 && (
        <Alert severity="warning" role="alert" data-testid="brand-asset-issues">
          <Stack component="ul" sx={{ m: 0, pl: 2 }}>
            {issues.map((issue, index) => (
              <li key={`${issue.fileName}-${index}`}>
                <strong>{issue.message}</strong>: {issue.detail}
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="brand-extraction-error">
          {error}
        </Alert>
      )}
      {busy && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('brandBrain.extract.analyzing')}
          </Typography>
          <LinearProgress aria-label={t('brandBrain.extract.progress')} />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" data-testid="brand-extraction-note">
        {BRAND_MESSAGES.extractionNote}
      </Typography>
      <DialogActions sx={{ px: 0 }}>
        <Button
          onClick={() => {
            setFiles([]);
            setIssues([]);
            setError(null);
          }}
          disabled={busy || files.length === 0}
          sx={{ mr: 'auto' }}
        >
          {t('brandBrain.extract.clearAll')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void start()} disabled={busy || !!blocked || files.length < BRAND_IMAGES_MIN_COUNT}>
          {t('brandBrain.extract.submit')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
