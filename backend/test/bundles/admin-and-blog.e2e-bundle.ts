import { runBundle } from './bundles';

runBundle('admin-and-blog');
