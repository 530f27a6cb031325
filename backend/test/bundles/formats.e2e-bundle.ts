import { runBundle } from './bundles';

runBundle('formats');
