import { Module } from '@nestjs/common';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CreditLedgerRepository } from './credit-ledger.repository';
import { CreditsService } from './credits.service';
import { LowCreditsConsumer } from './low-credits.consumer';

/**
 * OrganizationsRepository (the balance column) is provided here as well as by OrganizationsModule:
 * organizations builds on credits (the sign-up grant), so this module cannot import that one.
 */
@Module({ providers: [CreditsService, CreditLedgerRepository, OrganizationsRepository, LowCreditsConsumer], exports: [CreditsService, CreditLedgerRepository] })
export class CreditsModule {}
