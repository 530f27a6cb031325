import { runBundle } from './bundles';

runBundle('studio-and-library');
