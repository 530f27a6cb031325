// Brand Brain reads the shared list (src/lib/brandProfiles.ts).
export { fetchBrandProfileList as fetchBrandProfiles, useBrandProfileList as useBrandProfiles } from '../../../lib/brandProfiles';
