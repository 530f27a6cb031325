import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Product } from '../api/useProducts';
import { formatCredits, formatUsd } from '../format';

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
          {product.name}
        </Typography>
        {price}
        {details}
        {features.length > 0 && (
          <List dense disablePadding aria-label={`${product.name} features`}>
            {features.map((feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <CheckIcon fontSize="small" color="success" />
                </ListItemIcon>
                <ListItemText primary={feature} />
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

function seatsText(seats: string | number | undefined): string | null {
  if (seats === undefined || seats === '') return null;
  return String(seats) === '1' ? '1 seat' : `${seats} seats`;
}

/** A monthly or annual plan: price, credits per period, seats, features and 'Subscribe to {name}'. */
export function PlanCard({ product, current, onBuy, disabled, pending }: BuyProps & { current: boolean }) {
  const annual = product.billing_period === 'annual';
  const monthlyEquivalent = product.metadata.monthly_equivalent ?? Math.round(product.price / 12);
  const seats = seatsText(product.metadata.seats);
  return (
    <ProductCard
      product={product}
      highlighted={product.popular}
      badges={
        <>
          {product.popular && <Chip label="Most popular" color="primary" size="small" />}
          {current && <Chip label="Current plan" color="success" size="small" variant="outlined" />}
        </>
      }
      price={
        <Box>
          <Typography component="p" data-testid="plan-price">
            <Box component="span" sx={{ typography: 'h4', fontWeight: 700 }}>
              {formatUsd(product.price)}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {annual ? '/year' : '/month'}
            </Box>
          </Typography>
          {annual && (
            <Typography variant="body2" color="text.secondary" data-testid="plan-monthly-equivalent">
              ~{formatUsd(monthlyEquivalent)} per month
            </Typography>
          )}
        </Box>
      }
      details={
        <>
          <Typography sx={{ fontWeight: 600 }} data-testid="plan-credits">
            {formatCredits(product.credits)} per {annual ? 'year' : 'month'}
          </Typography>
          {seats && (
            <Typography variant="body2" color="text.secondary">
              {seats}
            </Typography>
          )}
        </>
      }
      features={product.features}
      action={`Subscribe to ${product.name}`}
      onBuy={() => onBuy(product)}
      disabled={disabled}
      pending={pending}
    />
  );
}

/** A one-time credit pack: price, credits and 'Buy {name}'. */
export function BundleCard({ product, onBuy, disabled, pending }: BuyProps) {
  return (
    <ProductCard
      product={product}
      badges={product.limited && <Chip label="Limited time" color="secondary" size="small" />}
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
            One-time purchase
          </Typography>
        </>
      }
      action={`Buy ${product.name}`}
      onBuy={() => onBuy(product)}
      disabled={disabled}
      pending={pending}
    />
  );
}
