import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Admin, memoryStore, Resource } from 'react-admin';
import { NotFoundMessage } from '../app/NotFoundPage';
import { theme } from '../app/theme';
import { PageLoader } from '../components/PageLoader';
import { useUser } from '../lib/auth';
import { AdminDashboard } from './AdminDashboard';
import audit from './audit';
import { adminDataProvider } from './dataProvider';
import credits from './credits';
import organizations from './organizations';
import users from './users';

/** The console draws inside the app's signed-in shell: no second app bar or menu. */
function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Box sx={{ minWidth: 0 }}>{children}</Box>;
}

/**
 * /admin: react-admin on the stock simple REST provider, for administrators only. Anyone else sees
 * the not-found page, and no admin data is fetched for them.
 */
export default function AdminConsole() {
  const user = useUser();
  if (user.isPending) return <PageLoader />;
  if (!user.data?.is_admin) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', minHeight: '60vh' }}>
        <NotFoundMessage />
      </Box>
    );
  }
  return (
    <Admin basename="/admin" dataProvider={adminDataProvider} dashboard={AdminDashboard} layout={ConsoleLayout} theme={theme} store={memoryStore()} disableTelemetry>
      <Resource name="users" {...users} />
      <Resource name="organizations" {...organizations} />
      <Resource name="credits" {...credits} />
      <Resource name="audit" {...audit} />
      <Resource name="blog" />
    </Admin>
  );
}
