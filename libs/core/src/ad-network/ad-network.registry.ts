import type { AdminMetaWarningDto } from '@brandloom/contracts';
import type { AdNetworkAdapter, AdNetworkAdapters, AdNetworkDefinition, AdNetworkName } from './ad-network.port';
import { UnknownAdNetworkError } from './ad-network.errors';
import { metaAdNetwork } from './meta/meta.definition';

/** Every ad network of the product; adding one is a folder beside meta/ and a line here. */
export const AD_NETWORK_REGISTRY = [metaAdNetwork] as const satisfies readonly AdNetworkDefinition[];

/** The tables of every registered network (composed into the data source by entities.ts). */
export const AD_NETWORK_ENTITIES = AD_NETWORK_REGISTRY.flatMap((network) => network.entities);

/** The queue jobs of every registered network (composed into JOB_NAMES by job-names.ts). */
export const AD_NETWORK_JOB_NAMES = AD_NETWORK_REGISTRY.flatMap((network) => network.jobs);

/** Operations' sources of every registered network's background work, by job kind. */
export const AD_NETWORK_JOB_SOURCES = Object.assign({}, ...AD_NETWORK_REGISTRY.map((network) => network.adminJobSources)) as UnionToIntersection<
  (typeof AD_NETWORK_REGISTRY)[number]['adminJobSources']
>;
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** The registered adapters by name; an unknown name is refused with UnknownAdNetworkError. */
export class AdNetworks {
  private readonly byName = new Map<string, AdNetworkAdapter>();

  constructor(adapters: readonly AdNetworkAdapter[]) {
    for (const adapter of adapters) {
      if (this.byName.has(adapter.name)) throw new Error(`Two ad network adapters are named '${adapter.name}'`);
      this.byName.set(adapter.name, adapter);
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get<N extends AdNetworkName>(name: N): AdNetworkAdapters[N];
  get(name: string): AdNetworkAdapter;
  get(name: string): AdNetworkAdapter {
    const adapter = this.byName.get(name);
    if (!adapter) throw new UnknownAdNetworkError(name, this.names);
    return adapter;
  }

  all(): AdNetworkAdapter[] {
    return [...this.byName.values()];
  }

  /** Every network's warnings for administrators, in registry order. */
  async warningsForAdministrators(): Promise<AdminMetaWarningDto[]> {
    return (await Promise.all(this.all().map((adapter) => adapter.warningsForAdministrators()))).flat();
  }
}
