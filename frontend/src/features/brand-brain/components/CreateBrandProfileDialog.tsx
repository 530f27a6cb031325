import { Box, Dialog, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import type { BrandProfileDto } from '@brandloom/contracts';
import { useBrandUsage } from '../api/useBrandUsage';
import { extractionLimitReached, profileLimitReached } from '../planLimits';
import type { BrandProfileDraft } from '../profileForm';
import { BrandExtractionPanel } from './BrandExtractionPanel';
import { BrandProfileForm } from './BrandProfileForm';
import { PlanLimitAlert } from './PlanLimits';
import { useT } from '../../../lib/i18n/translate';

export type CreateTab = 'manual' | 'extract';

interface CreateBrandProfileDialogProps {
  open: boolean;
  /** The tab it opens on ('manual' unless the empty state's 'Extract from image' opened it). */
  initialTab: CreateTab;
  onClose: () => void;
  /** After a profile was created (manually or by an extraction); the list refreshes by itself. */
  onCreated: (profile: BrandProfileDto) => void;
}

/**
 * 'Create Brand Profile': tabs 'manual' and 'extract'. Its content is mounted only while
 * open, so every opening starts afresh (spec: after a success the tab is back on manual).
 */
export function CreateBrandProfileDialog({ open, initialTab, onClose, onCreated }: CreateBrandProfileDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-brand-profile-title" scroll="paper">
      <DialogTitle id="create-brand-profile-title">{t('brandBrain.form.dialogTitle')}</DialogTitle>
      {open && <CreateBrandProfileContent initialTab={initialTab} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateBrandProfileContent({ initialTab, onClose, onCreated }: Omit<CreateBrandProfileDialogProps, 'open'>) {
  const [tab, setTab] = useState<CreateTab>(initialTab);
  const t = useT();
  const [draft, setDraft] = useState<{ version: number; value: BrandProfileDraft } | null>(null);
  const usage = useBrandUsage();
  const profileLimit = profileLimitReached(usage.data);

  return (
    <DialogContent dividers>
      {profileLimit && (
        <Box sx={{ mb: 2 }}>
          <PlanLimitAlert limit={profileLimit} />
        </Box>
      )}
      <Tabs value={tab} onChange={(_, value: CreateTab) => setTab(value)} aria-label={t('brandBrain.form.howToCreate')} sx={{ mb: 2 }}>
        <Tab value="manual" label={t('brandBrain.form.manual')} id="brand-tab-manual" aria-controls="brand-tabpanel-manual" />
        <Tab value="extract" label={t('brandBrain.form.extract')} id="brand-tab-extract" aria-controls="brand-tabpanel-extract" />
      </Tabs>
      {/* Both panels stay mounted: switching tabs keeps the chosen images and what was typed. */}
      <Box role="tabpanel" id="brand-tabpanel-manual" aria-labelledby="brand-tab-manual" hidden={tab !== 'manual'}>
        <BrandProfileForm key={draft?.version ?? 0} draft={draft?.value} onCreated={onCreated} onCancel={onClose} blocked={!!profileLimit} />
      </Box>
      <Box role="tabpanel" id="brand-tabpanel-extract" aria-labelledby="brand-tab-extract" hidden={tab !== 'extract'}>
        <BrandExtractionPanel
          onCreated={onCreated}
          onCancel={onClose}
          blocked={profileLimit ?? extractionLimitReached(usage.data)}
          onPrefill={(value) => {
            setDraft((previous) => ({ version: (previous?.version ?? 0) + 1, value }));
            setTab('manual');
          }}
        />
      </Box>
    </DialogContent>
  );
}
