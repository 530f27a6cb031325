import { runBundle } from './bundles';

runBundle('ads');
