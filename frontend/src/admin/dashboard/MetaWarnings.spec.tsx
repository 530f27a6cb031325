import type { AdminDashboardResponse, AdminMetaWarningDto } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../lib/i18n/translate';
import { makeOrganization, makeUser } from '../../test/utils';
import { renderConsole, stubApi } from '../testing';

const admin = makeUser({ id: 'admin-1', is_admin: true, email: 'root@example.com' });
const dashboard = (metaWarnings: AdminMetaWarningDto[]): AdminDashboardResponse => ({ users: 1, organizations: 1, generations: 0, assets: 0, recentActivity: [], metaWarnings, modelWarnings: [] });

/** The version table's notice for a version past its expiry date. */
const expiredVersion: AdminMetaWarningDto = {
  kind: 'version_expiring',
  graphVersion: 'v24.0',
  message: 'Meta Marketing API v24.0 expired on 2026-11-10: set META_GRAPH_VERSION.',
  messageCode: 'version_expired_on',
  messageValues: { expiresOn: '2026-11-10', metaMessage: null },
  code: null,
  call: null,
  occurrences: 0,
  firstSeenAt: null,
  lastSeenAt: null,
};

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
      expiredVersion,
      {
        kind: 'version_retired',
        graphVersion: 'v24.0',
        message: 'Meta refused GET /{id}/campaigns on Graph API v24.0 as a retired API version (code 2635): "You are calling a deprecated version of the Ads API."',
        messageCode: 'call_refused_retired_version',
        messageValues: { expiresOn: null, metaMessage: 'You are calling a deprecated version of the Ads API.' },
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
    expect(within(alerts[0]).getByText(/^Meta Marketing API v24\.0 expired on November 10, 2026: .*META_GRAPH_VERSION/)).toBeInTheDocument();
    expect(within(alerts[1]).getByText('You are calling a deprecated version of the Ads API.').closest('p')).toHaveTextContent(
      /^Meta refused GET \/\{id\}\/campaigns on Graph API v24\.0 as a retired API version \(code 2635\): "You are calling a deprecated version of the Ads API\."\. Set META_GRAPH_VERSION/,
    );
    expect(within(alerts[1]).getByText(/^Seen 3 times, last on /)).toBeInTheDocument();
  });

  it('shows nothing while the version in use is fine', async () => {
    open([]);
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(await screen.findByText('Users', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Meta integration warnings' })).toBeNull();
  });

  it('says the warnings in German from their code and values; Meta’s own words stay as Meta wrote them, marked as English', async () => {
    await act(() => switchLanguage('de'));
    try {
      open([
        expiredVersion,
        {
          kind: 'feature_retired',
          graphVersion: 'v24.0',
          message: 'Meta refused GET /{id}/insights on Graph API v24.0 as using a retired field or call (code 2635): "(#2635) field is deprecated".',
          messageCode: 'call_refused_retired_feature',
          messageValues: { expiresOn: null, metaMessage: 'field is deprecated' },
          code: 2635,
          call: 'GET /{id}/insights',
          occurrences: 4,
          firstSeenAt: '2026-11-24T10:00:00.000Z',
          lastSeenAt: '2026-11-25T10:00:00.000Z',
        },
      ]);
      const region = within(await screen.findByRole('region', { name: 'Warnungen zur Meta-Integration' }));
      const alerts = region.getAllByRole('alert');
      expect(within(alerts[0]).getByText(/^Meta Marketing API v24\.0 ist am 10\. November 2026 abgelaufen: Meta lehnt Anzeigenaufrufe/)).toBeInTheDocument();
      expect(within(alerts[1]).getByText('Meta hat ein eingestelltes Feld oder einen eingestellten Aufruf abgelehnt (v24.0)')).toBeInTheDocument();
      const metaWords = within(alerts[1]).getByText('field is deprecated');
      expect(metaWords).toHaveAttribute('lang', 'en-US');
      expect(metaWords.closest('p')).not.toHaveAttribute('lang');
      expect(metaWords.closest('p')).toHaveTextContent(/^Meta hat GET \/\{id\}\/insights auf Graph API v24\.0 abgelehnt, weil .*\(Code 2635\): „field is deprecated“\. Brandloom muss/);
      expect(region.queryByText(/Meta refused/)).toBeNull();
      expect(region.getByText(/^4 Mal gesehen, zuletzt am 25\.11\.2026/)).toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en-US'));
    }
  });
});
