import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useBrandProfileList } from '../../../lib/brandProfiles';
import { useT } from '../../../lib/i18n/translate';
import { useBrandUsage } from '../api/useBrandUsage';
import { BRAND_MESSAGES } from '../constants';
import type { BrandProfileDto } from '@brandloom/contracts';
import { BrandProfileCard, BrandProfileCardSkeleton } from './BrandProfileCard';
import { CreateBrandProfileDialog, type CreateTab } from './CreateBrandProfileDialog';
import { DeleteBrandProfileDialog } from './DeleteBrandProfileDialog';
import { EditBrandProfileNameDialog } from './EditBrandProfileNameDialog';
import { PlanLimitsSummary } from './PlanLimits';
import { UnderstandingBrandProfiles } from './UnderstandingBrandProfiles';

const SKELETON_CARDS = 3;

interface BrandBrainViewProps {
  /** Open the create dialog at once on this tab (/brand-brain/new). */
  initialCreateTab?: CreateTab;
  /** Called when the create dialog closes (after a success or a cancel). */
  onCreateClosed?: () => void;
}

function EmptyState({ onCreate }: { onCreate: (tab: CreateTab) => void }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="brand-profiles-empty">
      <PaletteOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
        {BRAND_MESSAGES.emptyTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        {BRAND_MESSAGES.emptyText}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button variant="contained" startIcon={<EditNoteOutlinedIcon />} onClick={() => onCreate('manual')}>
          {t('brandBrain.createManually')}
        </Button>
        <Button variant="outlined" startIcon={<AutoAwesomeOutlinedIcon />} onClick={() => onCreate('extract')}>
          {t('brandBrain.extractFromImage')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The Brand Brain list with its states (loading, error, empty, populated). */
export function BrandBrainView({ initialCreateTab, onCreateClosed }: BrandBrainViewProps) {
  const profiles = useBrandProfileList();
  const t = useT();
  const usage = useBrandUsage();
  const [create, setCreate] = useState<{ open: boolean; tab: CreateTab }>({ open: !!initialCreateTab, tab: initialCreateTab ?? 'manual' });
  const [renaming, setRenaming] = useState<BrandProfileDto | null>(null);
  const [deleting, setDeleting] = useState<BrandProfileDto | null>(null);

  const openCreate = (tab: CreateTab) => setCreate({ open: true, tab });
  const closeCreate = () => {
    setCreate({ open: false, tab: 'manual' });
    onCreateClosed?.();
  };

  let content;
  if (profiles.isPending) {
    content = (
      <Grid container spacing={3} role="status" aria-label={t('brandBrain.loadingProfiles')}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
            <BrandProfileCardSkeleton />
          </Grid>
        ))}
      </Grid>
    );
  } else if (profiles.isError && !profiles.data) {
    content = <Alert severity="error">{BRAND_MESSAGES.listError}</Alert>;
  } else if (!profiles.data?.length) {
    content = <EmptyState onCreate={openCreate} />;
  } else {
    content = (
      <Grid container spacing={3} component="section" aria-label={t('brandBrain.profiles')}>
        {profiles.data.map((profile) => (
          <Grid key={profile.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <BrandProfileCard profile={profile} onRename={setRenaming} onDelete={setDeleting} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h4" component="h2">
            {BRAND_MESSAGES.title}
          </Typography>
          <Typography color="text.secondary">{BRAND_MESSAGES.subtitle}</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openCreate('manual')} sx={{ flexShrink: 0 }}>
          {t('brandBrain.newProfileButton')}
        </Button>
      </Stack>

      {usage.data && <PlanLimitsSummary usage={usage.data} />}
      {content}

      <UnderstandingBrandProfiles />

      <CreateBrandProfileDialog open={create.open} initialTab={create.tab} onClose={closeCreate} onCreated={closeCreate} />
      <EditBrandProfileNameDialog profile={renaming} onClose={() => setRenaming(null)} />
      <DeleteBrandProfileDialog profile={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
