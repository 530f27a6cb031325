import { runBundle } from './bundles';

runBundle('platform');
