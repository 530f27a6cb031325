import { runBundle } from './bundles';

runBundle('teams');
