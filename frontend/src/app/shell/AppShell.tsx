import { Box, Drawer, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useT } from '../../lib/i18n/translate';

const DRAWER_WIDTH = 260;
const drawerPaper = { '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } } as const;

export default function AppShell() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, ...drawerPaper }}
      >
        <Sidebar variant="desktop" />
      </Drawer>
      <Drawer variant="temporary" open={menuOpen} onClose={closeMenu} sx={{ display: { md: 'none' }, ...drawerPaper }}>
        <Sidebar variant="mobile" onNavigate={closeMenu} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header onOpenMenu={() => setMenuOpen(true)} />
        {/* At least a screen tall: the footer starts below the fold, so a screen arriving never pushes it away. */}
        <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh', p: { xs: 2, md: 3 } }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box component="footer" sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary">
            {t('landing.footer.rights', { year: String(new Date().getFullYear()) })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
