import type { AdminDashboardResponse, AdminMetaWarningDto } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../lib/i18n/translate';
import { makeOrganization, makeUser } from '../../test/utils';
import { renderConsole, stubApi } from '../testing';

const admin = makeUser({ id: 'admin-1', is_admin: true, email: 'root@example.com' });
const dashboard = (metaWarnings: AdminMetaWarningDto[]): AdminDashboardResponse => ({ users: 1, organizations: 1, generations: 0, assets: 0, recentActivity: [], metaWarnings, modelWarnings: [] });

function open(metaWarnings: AdminMetaWarningDto[]) {
  stubApi({
    'GET /api/auth/user': () => ({ body: admin }),
    'GET /api/organization': () => ({ body: makeOrganization() }),
    'GET /api/admin/dashboard': () => ({ body: dashboard(metaWarnings) }),
    'GET /api/admin/metrics': () => ({ body: { days: [] } }),
    'GET /api/admin/users': () => ({ body: [], headers: { 'Content-Range': 'users 0-0/0' } }),
  });
  renderConsole();
}

describe('/admin dashboard: Meta Graph API warnings', () => {
  it("shows the version table's notice and every refused call, with Meta's words and how often", async () => {
    open([
      { kind: 'version_expiring', graphVersion: 'v24.0', message: 'Meta Marketing API v24.0 expired on 2026-11-10: set META_GRAPH_VERSION.', code: null, call: null, occurrences: 0, firstSeenAt: null, lastSeenAt: null },
      {
        kind: 'version_retired',
        graphVersion: 'v24.0',
        message: 'Meta refused GET /{id}/campaigns on Graph API v24.0 as a retired API version (code 2635): "You are calling a deprecated version of the Ads API."',
        code: 2635,
        call: 'GET /{id}/campaigns',
        occurrences: 3,
        firstSeenAt: '2026-11-24T10:00:00.000Z',
        lastSeenAt: '2026-11-25T10:00:00.000Z',
      },
    ]);
    const region = within(await screen.findByRole('region', { name: 'Meta integration warnings' }));
    const alerts = region.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(within(alerts[0]).getByText('Meta Graph API v24.0 is near or past its expiry date')).toBeInTheDocument();
    expect(within(alerts[0]).getByText(/expired on 2026-11-10/)).toBeInTheDocument();
    expect(within(alerts[1]).getByText(/GET \/\{id\}\/campaigns on Graph API v24\.0 .*code 2635/)).toBeInTheDocument();
    expect(within(alerts[1]).getByText(/^Seen 3 times, last on /)).toBeInTheDocument();
  });

  it('shows nothing while the version in use is fine', async () => {
    open([]);
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(await screen.findByText('Users', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meta integration warnings' })).toBeNull();
  });

  it('titles the warnings and counts the sightings in German; the server’s own account stays marked as English', async () => {
    await act(() => switchLanguage('de'));
    try {
      open([
        {
          kind: 'feature_retired',
          graphVersion: 'v24.0',
          message: 'Meta refused GET /{id}/insights on Graph API v24.0 as a retired field (code 12).',
          code: 12,
          call: 'GET /{id}/insights',
          occurrences: 4,
          firstSeenAt: '2026-11-24T10:00:00.000Z',
          lastSeenAt: '2026-11-25T10:00:00.000Z',
        },
      ]);
      const region = within(await screen.findByRole('region', { name: 'Warnungen zur Meta-Integration' }));
      expect(region.getByText('Meta hat ein eingestelltes Feld oder einen eingestellten Aufruf abgelehnt (v24.0)')).toBeInTheDocument();
      expect(region.getByText(/^4 Mal gesehen, zuletzt am 25\.11\.2026/)).toBeInTheDocument();
      expect(region.getByText(/as a retired field/)).toHaveAttribute('lang', 'en-US');
    } finally {
      await act(() => switchLanguage('en-US'));
    }
  });
});
