import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CampaignIcon from '@mui/icons-material/Campaign';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import PaletteIcon from '@mui/icons-material/Palette';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useT, type MessageKey } from '../../../lib/i18n/translate';
import { DashboardSection } from './DashboardSection';

/** The product's quick actions; every target resolves (docs/decisions.md). */
export const QUICK_ACTIONS = [
  { to: '/studio', title: 'New Generation', description: 'Create a single image', icon: AddPhotoAlternateIcon, key: 'newGeneration' },
  { to: '/studio/bulk', title: 'Bulk Generation', description: 'Upload CSV for multiple images', icon: LibraryAddIcon, key: 'bulk' },
  { to: '/brand-brain/new', title: 'Create Brand Profile', description: 'Extract brand guidelines', icon: PaletteIcon, key: 'brandProfile' },
  { to: '/credits/buy', title: 'Buy Credits', description: 'Top up your credit balance', icon: ShoppingCartIcon, key: 'buyCredits' },
  { to: '/settings/integrations', title: 'Connect Meta Ads', description: 'Deploy assets directly', icon: CampaignIcon, key: 'meta' },
] as const;

export function QuickActions() {
  const t = useT();
  return (
    <DashboardSection title={t('dashboard.section.quickActions')} testId="quick-actions">
      <List disablePadding>
        {QUICK_ACTIONS.map(({ to, key, icon: Icon }) => (
          <ListItem key={to} disablePadding>
            <ListItemButton component={RouterLink} to={to} sx={{ borderRadius: 2 }}>
              <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>
                <Box component="span" sx={{ display: 'flex' }} aria-hidden>
                  <Icon fontSize="small" />
                </Box>
              </ListItemIcon>
              <ListItemText primary={t(`dashboard.quick.${key}` as MessageKey)} secondary={t(`dashboard.quick.${key}Hint` as MessageKey)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </DashboardSection>
  );
}
