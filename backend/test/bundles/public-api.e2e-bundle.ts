import { runBundle } from './bundles';

runBundle('public-api');
