import { runBundle } from './bundles';

runBundle('generation');
