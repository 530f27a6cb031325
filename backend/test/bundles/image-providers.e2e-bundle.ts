import { runBundle } from './bundles';

runBundle('image-providers');
