import { BrandBrainView } from './BrandBrainView';

/** /brand-brain */
export default function BrandBrainPage() {
  return <BrandBrainView />;
}
