import { runBundle } from './bundles';

runBundle('accounts');
