import { ADMIN_ACTIVITY_PROMPT_LENGTH, type AdminDashboardResponse, type BlogPostDto } from '@brandloom/contracts';
import { Alert, Box, Card, CardContent, Chip, Link, List as MuiList, ListItem, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { apiRequest } from '../../lib/api';
import { CreditList } from '../credits/CreditList';
import { OrganizationList } from '../organizations/OrganizationList';
import { UserList } from '../users/UserList';
import { activityChipColor, activityStatus } from './activityStatus';
import { MetaWarnings } from './MetaWarnings';
import { MetricsCharts } from './MetricsCharts';
import { ModelUsagePanel } from './ModelUsagePanel';
import { StandInsNotice } from '../../components/StandInsNotice';
import { formatDate } from '../../lib/i18n/format';
import { useT, type MessageKey } from '../../lib/i18n/translate';

const TABS: MessageKey[] = ['admin.stat.users', 'admin.stat.organizations', 'admin.organizations.credits', 'admin.tab.blogPosts', 'admin.tab.activity'];

/** Prompts cut to 60 characters (the server cuts them too; a longer one never reaches the screen). */
const cut = (prompt: string) => ([...prompt].length > ADMIN_ACTIVITY_PROMPT_LENGTH ? `${[...prompt].slice(0, ADMIN_ACTIVITY_PROMPT_LENGTH).join('')}...` : prompt);

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {value ?? '—'}
        </Typography>
      </CardContent>
    </Card>
  );
}

const BLOG_TAB_POSTS = 5;
const CREDITS_TAB_TRANSACTIONS = 20;

function BlogPostsTab() {
  const t = useT();
  const { data, total, isPending, error } = useGetList<BlogPostDto>('blog', { pagination: { page: 1, perPage: BLOG_TAB_POSTS }, sort: { field: 'created_at', order: 'DESC' } });
  if (isPending) return <Typography color="text.secondary">{t('admin.blogTab.loading')}</Typography>;
  if (error) return <Alert severity="error">{t('admin.blogTab.error')}</Alert>;
  return (
    <Box>
      {data.length === 0 ? (
        <Typography color="text.secondary">{t('admin.blogTab.empty')}</Typography>
      ) : (
        <MuiList dense aria-label={t('admin.blogTab.latest')}>
          {data.map((post) => (
            <ListItem key={post.id} disableGutters>
              <ListItemText primary={post.title} secondary={`${post.status} · ${post.author}`} />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Link component={RouterLink} to="/admin/blog">
        {t('admin.blogTab.viewAll', { count: total ?? data.length })}
      </Link>
    </Box>
  );
}

function ActivityTab({ activity }: { activity: AdminDashboardResponse['recentActivity'] }) {
  const t = useT();
  if (activity.length === 0) return <Typography color="text.secondary">{t('admin.activity.empty')}</Typography>;
  return (
    <MuiList dense aria-label={t('admin.activity.label')}>
      {activity.map((item) => {
        const status = activityStatus(item.status);
        return (
          <ListItem key={item.id} disableGutters secondaryAction={<Chip size="small" variant="outlined" color={activityChipColor(status)} label={t(`admin.activity.status.${status}`)} />}>
            <ListItemText primary={cut(item.prompt)} secondary={formatDate(item.created_at)} sx={{ pr: 12 }} />
          </ListItem>
        );
      })}
    </MuiList>
  );
}

/** The console's home: the Administrator badge, stat cards and the five tabs. */
export function AdminDashboard() {
  const [tab, setTab] = useState(0);
  const t = useT();
  const dashboard = useQuery({ queryKey: ['/api/admin/dashboard'], queryFn: () => apiRequest<AdminDashboardResponse>('GET', '/api/admin/dashboard') });
  return (
    // One column no wider than the screen: a wide table scrolls inside its tab panel, not the page.
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2">
          {t('nav.admin.title')}
        </Typography>
        <Chip label={t('admin.badge')} color="primary" />
      </Box>
      {dashboard.isError && <Alert severity="error">{t('admin.dashboard.loadError')}</Alert>}
      <StandInsNotice />
      <MetaWarnings warnings={dashboard.data?.metaWarnings ?? []} />
      {(dashboard.data?.modelWarnings ?? []).map((warning) => (
        <Alert key={warning.model} severity={warning.gone ? 'error' : 'warning'} sx={{ overflowWrap: 'anywhere' }}>
          {warning.message}
        </Alert>
      ))}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <StatCard label={t('admin.stat.users')} value={dashboard.data?.users} />
        <StatCard label={t('admin.stat.organizations')} value={dashboard.data?.organizations} />
        <StatCard label={t('admin.stat.generations')} value={dashboard.data?.generations} />
        <StatCard label={t('admin.stat.assets')} value={dashboard.data?.assets} />
      </Box>
      {/* minWidth 0: the tabs and the panel stay within the page instead of widening it on a phone. */}
      <Box sx={{ minWidth: 0 }}>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} aria-label={t('admin.tabs')} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((label, index) => (
            <Tab key={label} label={t(label)} id={`admin-tab-${index}`} aria-controls={`admin-panel-${index}`} />
          ))}
        </Tabs>
        {/* A wide list (users, organizations) scrolls inside its panel on a phone; the panel is focusable, so the keyboard can scroll it. */}
        <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} tabIndex={0} sx={{ pt: 2, overflowX: 'auto' }}>
          {tab === 0 && <UserList embedded />}
          {tab === 1 && <OrganizationList embedded />}
          {tab === 2 && <CreditList embedded perPage={CREDITS_TAB_TRANSACTIONS} />}
          {tab === 3 && <BlogPostsTab />}
          {tab === 4 && <ActivityTab activity={dashboard.data?.recentActivity ?? []} />}
        </Box>
      </Box>
      <MetricsCharts />
      <ModelUsagePanel />
    </Box>
  );
}
