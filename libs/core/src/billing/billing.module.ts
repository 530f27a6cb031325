import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { BillingService } from './billing.service';
import { ProductCatalogue } from './product-catalogue.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { StripeGateway } from './stripe.gateway';

@Module({
  imports: [CreditsModule],
  providers: [StripeGateway, ProductCatalogue, BillingService, StripeWebhookService],
  exports: [ProductCatalogue, BillingService, StripeWebhookService],
})
export class BillingModule {}
