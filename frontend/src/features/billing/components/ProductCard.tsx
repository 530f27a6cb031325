import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Product } from '../api/useProducts';
import { useT, type MessageKey, type Translate } from '../../../lib/i18n/translate';
import { formatCredits, formatUsd } from '../format';

/** The catalogue's plan features (libs/contracts' CATALOGUE), said in the active language; others as sent. */
const FEATURE_KEYS: Record<string, MessageKey> = {
  'Brand Brain extraction': 'billing.feature.brandExtraction',
  'AI image generation': 'billing.feature.imageGeneration',
  'Asset library management': 'billing.feature.library',
  'Basic analytics': 'billing.feature.basicAnalytics',
  'Advanced brand control': 'billing.feature.brandControl',
  'Export to multiple formats': 'billing.feature.export',
  'Priority generation': 'billing.feature.priorityGeneration',
  'Multiple brand profiles': 'billing.feature.multipleProfiles',
  'Team collaboration': 'billing.feature.team',
  'Advanced analytics': 'billing.feature.advancedAnalytics',
  'Unlimited brand profiles': 'billing.feature.unlimitedProfiles',
  'Ad platform integration': 'billing.feature.adPlatform',
  'Priority support': 'billing.feature.prioritySupport',
};
/** Credit packs named in the catalogues; plan names are product names and stay as they are. */
const PACK_NAME_KEYS: Record<string, MessageKey> = { small: 'landing.pricing.bundle.small', medium: 'landing.pricing.bundle.medium', large: 'landing.pricing.bundle.large' };
const productName = (product: Product, t: Translate) => (Object.prototype.hasOwnProperty.call(PACK_NAME_KEYS, product.key) ? t(PACK_NAME_KEYS[product.key]) : product.name);
const featureText = (feature: string, t: Translate) => (Object.prototype.hasOwnProperty.call(FEATURE_KEYS, feature) ? t(FEATURE_KEYS[feature]) : feature);

interface ProductCardProps {
  product: Product;
  badges: ReactNode;
  price: ReactNode;
  details: ReactNode;
  features?: string[];
  highlighted?: boolean;
  action: string;
  onBuy: () => void;
  disabled: boolean;
  pending: boolean;
}

function ProductCard({ product, badges, price, details, features = [], highlighted, action, onBuy, disabled, pending }: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  const t = useT();
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', borderWidth: highlighted ? 2 : 1, borderColor: highlighted ? 'primary.main' : 'divider' }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', minHeight: 24 }}>{badges}</Box>
        <Typography id={headingId} variant="h6" component="h4" sx={{ fontWeight: 700 }}>
          {productName(product, t)}
        </Typography>
        {price}
        {details}
        {features.length > 0 && (
          <List dense disablePadding aria-label={t('billing.product.features', { name: productName(product, t) })}>
            {features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <CheckIcon fontSize="small" color="success" />
                </ListItemIcon>
                <ListItemText primary={featureText(feature, t)} />
              </ListItem>
            ))}
          </List>
        )}
        <Button
          variant={highlighted ? 'contained' : 'outlined'}
          fullWidth
          onClick={onBuy}
          disabled={disabled}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          sx={{ mt: 'auto' }}
        >
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}

interface BuyProps {
  product: Product;
  onBuy: (product: Product) => void;
  disabled: boolean;
  pending: boolean;
}

function useSeatsText(seats: string | number | undefined): string | null {
  const t = useT();
  if (seats === undefined || seats === '') return null;
  if (/^\d+$/.test(String(seats))) return t('billing.product.seats', { count: Number(seats) });
  return /^unlimited$/i.test(String(seats)) ? t('billing.product.unlimitedSeats') : t('billing.product.seatsText', { seats });
}

/** A monthly or annual plan: price, credits per period, seats, features and 'Subscribe to {name}'. */
export function PlanCard({ product, current, onBuy, disabled, pending }: BuyProps & { current: boolean }) {
  const annual = product.billing_period === 'annual';
  const monthlyEquivalent = product.metadata.monthly_equivalent ?? Math.round(product.price / 12);
  const seats = useSeatsText(product.metadata.seats);
  const t = useT();
  return (
    <ProductCard
      product={product}
      highlighted={product.popular}
      badges={
        <>
          {product.popular && <Chip label={t('billing.product.popular')} color="primary" size="small" />}
          {current && <Chip label={t('billing.product.current')} color="success" size="small" variant="outlined" />}
        </>
      }
      price={
        <Box>
          <Typography component="p" data-testid="plan-price">
            <Box component="span" sx={{ typography: 'h4', fontWeight: 700 }}>
              {formatUsd(product.price)}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {annual ? t('billing.product.perYear') : t('billing.product.perMonth')}
            </Box>
          </Typography>
          {annual && (
            <Typography variant="body2" color="text.secondary" data-testid="plan-monthly-equivalent">
              {t('billing.product.monthlyEquivalent', { price: formatUsd(monthlyEquivalent) })}
            </Typography>
          )}
        </Box>
      }
      details={
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="plan-credits">
            {t(annual ? 'billing.product.creditsPerYear' : 'billing.product.creditsPerMonth', { credits: formatCredits(product.credits) })}
          </Typography>
          {seats && (
            <Typography variant="body2" color="text.secondary">
              {seats}
            </Typography>
          )}
        </>
      }
      features={product.features}
      action={t('billing.product.subscribe', { name: productName(product, t) })}
      onBuy={() => onBuy(product)}
      disabled={disabled}
      pending={pending}
    />
  );
}

/** A one-time credit pack: price, credits and 'Buy {name}'. */
export function BundleCard({ product, onBuy, disabled, pending }: BuyProps) {
  const t = useT();
  return (
    <ProductCard
      product={product}
      badges={product.limited && <Chip label={t('billing.product.limited')} color="secondary" size="small" />}
      price={
        <Typography component="p" data-testid="bundle-price" sx={{ typography: 'h4', fontWeight: 700 }}>
          {formatUsd(product.price)}
        </Typography>
      }
      details={
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="bundle-credits">
            {formatCredits(product.credits)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.product.oneTime')}
          </Typography>
        </>
      }
      action={t('billing.product.buy', { name: productName(product, t) })}
      onBuy={() => onBuy(product)}
      disabled={disabled}
      pending={pending}
    />
  );
}
