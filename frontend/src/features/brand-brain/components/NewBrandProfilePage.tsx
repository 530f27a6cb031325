import { useNavigate, useSearchParams } from 'react-router';
import { BrandBrainView } from './BrandBrainView';

/**
 * /brand-brain/new (linked from the dashboard): the Brand Brain list with the create dialog open,
 * on the extract tab with ?tab=extract. Closing it leaves the list at /brand-brain.
 */
export default function NewBrandProfilePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <BrandBrainView
      initialCreateTab={params.get('tab') === 'extract' ? 'extract' : 'manual'}
      onCreateClosed={() => void navigate('/brand-brain', { replace: true })}
    />
  );
}
