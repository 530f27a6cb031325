import { runBundle } from './bundles';

runBundle('launcher');
