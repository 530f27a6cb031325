import { runBundle } from './bundles';

runBundle('ad-network');
