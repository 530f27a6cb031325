import { runBundle } from './bundles';

runBundle('brand-brain');
