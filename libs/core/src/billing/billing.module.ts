import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { BillingService } from './billing.service';
import { ProductCatalogue } from './product-catalogue.service';
import { ProductsRepository } from './products.repository';
import { PurchasesRepository } from './purchases.repository';
import { StripeEventsRepository } from './stripe-events.repository';
import { StripeWebhookService } from './stripe-webhook.service';
import { StripeGateway } from './stripe.gateway';
import { SubscriptionsRepository } from './subscriptions.repository';

@Module({
  imports: [CreditsModule, OrganizationsModule],
  providers: [
    StripeGateway,
    ProductCatalogue,
    BillingService,
    StripeWebhookService,
    ProductsRepository,
    PurchasesRepository,
    SubscriptionsRepository,
    StripeEventsRepository,
  ],
  exports: [ProductCatalogue, BillingService, StripeWebhookService, ProductsRepository, PurchasesRepository, SubscriptionsRepository, StripeEventsRepository],
})
export class BillingModule {}
