import type { AdNetworkAdapter } from './ad-network.port';
import { UnknownAdNetworkError } from './ad-network.errors';
import { AD_NETWORK_ENTITIES, AD_NETWORK_JOB_NAMES, AD_NETWORK_REGISTRY, AdNetworks } from './ad-network.registry';
import { MetaPush } from './meta/entities/meta-push.entity';

const adapter = (name: string, warning?: string) =>
  ({
    name,
    warningsForAdministrators: async () =>
      warning ? [{ kind: 'version_expiring', graphVersion: 'v1.0', message: warning, code: null, call: null, occurrences: 0, firstSeenAt: null, lastSeenAt: null }] : [],
  }) as unknown as AdNetworkAdapter;

describe('the ad-network registry', () => {
  it('lists Meta with its tables and its push job, each network once', () => {
    expect(AD_NETWORK_REGISTRY.map((network) => network.name)).toEqual(['meta']);
    expect(AD_NETWORK_ENTITIES).toContain(MetaPush);
    expect(AD_NETWORK_JOB_NAMES).toEqual(['meta.push', 'meta.sync-results']);
  });

  it('answers the adapter a name registers, and refuses an unknown name with a code naming the registered ones', () => {
    const meta = adapter('meta');
    const networks = new AdNetworks([meta, adapter('other')]);
    expect(networks.get('meta')).toBe(meta);
    expect(networks.names).toEqual(['meta', 'other']);
    expect(() => networks.get('tiktok')).toThrow(UnknownAdNetworkError);
    expect(() => networks.get('tiktok')).toThrow("Unknown ad network 'tiktok' (registered: meta, other)");
    expect(() => networks.get('')).toThrow(expect.objectContaining({ code: 'ad_network_unknown', kind: 'not_found' }));
    expect(() => networks.get('Meta')).toThrow(UnknownAdNetworkError);
  });

  it('refuses two adapters of one name', () => {
    expect(() => new AdNetworks([adapter('meta'), adapter('meta')])).toThrow("Two ad network adapters are named 'meta'");
  });

  it("gathers every network's warnings for administrators, in registry order", async () => {
    const networks = new AdNetworks([adapter('meta', 'first'), adapter('quiet'), adapter('other', 'second')]);
    expect((await networks.warningsForAdministrators()).map((w) => w.message)).toEqual(['first', 'second']);
  });
});
