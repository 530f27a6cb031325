import { BillingDetailsResponse, CheckoutSessionResponse, ProductsResponse, SubscriptionsResponse } from '@brandloom/contracts';
import { BillingService, ProductCatalogue } from '@brandloom/core';
import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { PaidCall } from '../common/paid-call.guard';
import type { SessionUser } from '../common/session-user';
import { CheckoutDto } from './dto/checkout.dto';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const caller = (user: SessionUser) => ({ organizationId: user.organizationId!, email: user.email });

@ApiTags('billing')
@Controller('stripe')
export class BillingController {
  constructor(private readonly catalogue: ProductCatalogue, private readonly billing: BillingService) {}

  /** The public price list: listed whether or not Stripe is configured. */
  @Get('products')
  @ApiOkResponse({ schema: appSchema('Products') })
  async products(): Promise<ProductsResponse> {
    return { products: await this.catalogue.list() };
  }

  @Get('subscriptions')
  @ApiOkResponse({ schema: appSchema('SubscriptionPlans') })
  async subscriptions(): Promise<SubscriptionsResponse> {
    return { subscriptions: await this.catalogue.subscriptionsByKey() };
  }

  @Get('billing-details')
  @UseGuards(OrganizationGuard)
  @PaidCall('stripe')
  @ApiOkResponse({ schema: appSchema('BillingDetails') })
  billingDetails(@CurrentOrganizationId() organizationId: string): Promise<BillingDetailsResponse> {
    return this.billing.billingDetails(organizationId);
  }

  @Post('create-subscription-session')
  @ApiErrors(409, 502, 503)
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @PaidCall('stripe')
  @ApiOkResponse({ schema: appSchema('CheckoutSession') })
  createSubscriptionSession(@CurrentUser() user: SessionUser, @Body() dto: CheckoutDto): Promise<CheckoutSessionResponse> {
    return this.billing.createSubscriptionSession(caller(user), dto.priceId);
  }

  @Post('create-checkout-session')
  @ApiErrors(502, 503)
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @PaidCall('stripe')
  @ApiOkResponse({ schema: appSchema('CheckoutSession') })
  createCheckoutSession(@CurrentUser() user: SessionUser, @Body() dto: CheckoutDto): Promise<CheckoutSessionResponse> {
    return this.billing.createCheckoutSession(caller(user), dto.priceId);
  }

  @Get('customer-portal')
  @ApiErrors(502, 503)
  @UseGuards(OrganizationGuard)
  @PaidCall('stripe')
  @ApiOkResponse({ schema: appSchema('CheckoutSession') })
  customerPortal(@CurrentUser() user: SessionUser): Promise<CheckoutSessionResponse> {
    return this.billing.customerPortal(caller(user));
  }
}
