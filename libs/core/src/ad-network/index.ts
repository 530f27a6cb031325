export * from './ad-network.port';
export * from './ad-network.errors';
export { AD_NETWORK_REGISTRY, AD_NETWORK_ENTITIES, AD_NETWORK_JOB_NAMES, AdNetworks } from './ad-network.registry';
export { AdNetworkConnections } from './ad-network-connections.service';
export { AdNetworkModule } from './ad-network.module';
export { TokenCipher, TokenDecryptionError } from '../infra/tokens/token-cipher';
export * from './meta';
