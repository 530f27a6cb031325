import { runBundle } from './bundles';

runBundle('fuzz-4');
