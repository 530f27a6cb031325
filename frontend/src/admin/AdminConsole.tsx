import { Box, Button, Stack } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Admin, memoryStore, Resource } from 'react-admin';
import { NavLink, Route } from 'react-router';
import { NotFoundMessage } from '../app/NotFoundPage';
import { theme } from '../app/theme';
import { PageLoader } from '../components/PageLoader';
import { useScrollShadows } from '../components/ScrollShadowTableContainer';
import { scrollShadowsSx } from '../components/scrollShadowsSx';
import { useUser } from '../lib/auth';
import { useLocale } from '../lib/i18n/format';
import { useT, type MessageKey } from '../lib/i18n/translate';
import audit from './audit';
import blog from './blog';
import credits from './credits';
import { AdminDashboard } from './dashboard/AdminDashboard';
import { AdminNotification } from './AdminNotification';
import { adminDataProvider } from './dataProvider';
import { adminI18nProvider } from './i18n/i18nProvider';
import jobs from './jobs';
import organizations from './organizations';
import users from './users';

const SECTIONS: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: '/admin', label: 'admin.nav.overview', end: true },
  { to: '/admin/blog', label: 'nav.blog' },
  { to: '/admin/audit', label: 'admin.nav.auditLog' },
  { to: '/admin/jobs', label: 'admin.nav.operations' },
];

/** A list's table scrolls inside its own box when it is wider than the screen, with edge shadows as the cue. */
const TABLE_WRAPPER = 'RaDatagrid-tableWrapper';
const scrollingTables = {
  [`& .${TABLE_WRAPPER}`]: scrollShadowsSx,
  '& .RaList-main, & .RaList-content': { minWidth: 0 },
  // react-admin draws its empty-list message in the disabled text colour, below AA contrast.
  '&& .RaEmpty-message': { color: 'text.secondary' },
} as const;

/** The console draws inside the app's signed-in shell (no second app bar), with its own section links. */
function ConsoleLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const shadows = useScrollShadows(`.${TABLE_WRAPPER}`);
  return (
    <Box ref={shadows} sx={{ minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, ...scrollingTables }}>
      <Stack component="nav" aria-label={t('admin.nav')} direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {SECTIONS.map((section) => (
          <Button
            key={section.to}
            component={NavLink}
            to={section.to}
            end={section.end}
            size="small"
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
          >
            {t(section.label)}
          </Button>
        ))}
      </Stack>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/**
 * /admin: react-admin on the stock simple REST provider, for administrators only. Anyone else sees
 * the not-found page, and no admin data is fetched for them. Its messages are the app's toasts.
 */
export default function AdminConsole() {
  const user = useUser();
  const locale = useLocale();
  const i18nProvider = useMemo(() => adminI18nProvider(locale), [locale]);
  if (user.isPending) return <PageLoader />;
  if (!user.data?.is_admin) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', minHeight: '60vh' }}>
        <NotFoundMessage />
      </Box>
    );
  }
  return (
    <Admin key={locale} basename="/admin" i18nProvider={i18nProvider} dataProvider={adminDataProvider} dashboard={AdminDashboard} layout={ConsoleLayout} notification={AdminNotification} theme={theme} store={memoryStore()} disableTelemetry>
      <Resource name="users" {...users} />
      <Resource name="organizations" {...organizations} />
      <Resource name="credits" {...credits} />
      <Resource name="audit" {...audit} />
      <Resource name="jobs" {...jobs} />
      {/* The product's paths: /admin/blog, /admin/blog/create and /admin/blog/edit/{id}. */}
      <Resource name="blog" list={blog.list} create={blog.create}>
        <Route path="edit/:id" element={<blog.edit />} />
      </Resource>
    </Admin>
  );
}
