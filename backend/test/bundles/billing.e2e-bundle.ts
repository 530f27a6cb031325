import { runBundle } from './bundles';

runBundle('billing');
