import { BillingView } from './BillingView';

export default function BillingPage() {
  return <BillingView />;
}
