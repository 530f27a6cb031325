import { Module } from '@nestjs/common';
import { AdNetworkConnections } from './ad-network-connections.service';
import type { AdNetworkAdapter } from './ad-network.port';
import { AD_NETWORK_REGISTRY, AdNetworks } from './ad-network.registry';
import { AdResultsModule } from './ad-results.module';
import { AdResultsService } from './ad-results.service';

/** Ad networks: every registered network's module, its adapter by name (AdNetworks) and the shared OAuth flow. */
@Module({
  imports: [...AD_NETWORK_REGISTRY.map((network) => network.module), AdResultsModule],
  providers: [
    { provide: AdNetworks, inject: AD_NETWORK_REGISTRY.map((network) => network.adapter), useFactory: (...adapters: AdNetworkAdapter[]) => new AdNetworks(adapters) },
    AdNetworkConnections,
    AdResultsService,
  ],
  exports: [AdNetworks, AdNetworkConnections, AdResultsService, AdResultsModule, ...AD_NETWORK_REGISTRY.map((network) => network.module)],
})
export class AdNetworkModule {}
