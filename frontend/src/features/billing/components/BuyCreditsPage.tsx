import { BillingView } from './BillingView';

/** /credits/buy: the billing screen opened on 'One-time Credit Purchases'. */
export default function BuyCreditsPage() {
  return <BillingView initialPurchaseTab="onetime" />;
}
