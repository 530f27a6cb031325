import { type BrandUsageDto, type BrandExtractionResponse, type BrandProfileDto } from '@brandloom/contracts';
import { BrandExtractionService, BrandProfilesService } from '@brandloom/core';
import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { PaidCall } from '../common/paid-call.guard';
import type { SessionUser } from '../common/session-user';
import { CreateBrandProfileDto, ExtractBrandDto, UpdateBrandProfileDto } from './dto/brand-profile.dto';

/** Brand profiles of the caller's organization; another organization's id answers 404. */
@ApiTags('brand-profiles')
@Controller('brand-profiles')
@UseGuards(OrganizationGuard)
export class BrandProfilesController {
  constructor(private readonly profiles: BrandProfilesService, private readonly extraction: BrandExtractionService) {}

  /** The organization's profiles, newest first. `?userId` is accepted and never widens the scope. */
  @Get()
  @Header('Cache-Control', 'no-store')
  list(@CurrentOrganizationId() organizationId: string): Promise<BrandProfileDto[]> {
    return this.profiles.list(organizationId);
  }

  /** The plan's allowances and what is used today. */
  @Get('usage')
  @Header('Cache-Control', 'no-store')
  usage(@CurrentOrganizationId() organizationId: string): Promise<BrandUsageDto> {
    return this.profiles.usage(organizationId);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  get(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<BrandProfileDto> {
    return this.profiles.get(organizationId, id);
  }

  /** Manual creation (or the saved form of an extraction, with brandDataId); 403 beyond the plan's profiles. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: CreateBrandProfileDto): Promise<BrandProfileDto> {
    return this.profiles.create(organizationId, user.id, {
      name: dto.name,
      description: dto.description,
      brandData: dto.brand_data ?? dto.brandData,
      brandDataId: dto.brandDataId ?? null,
    });
  }

  /**
   * Extracts a brand from 1 to 5 images and creates its profile (named after its images or the date); when the
   * plan's profiles are used up the brand data still comes back, with autoCreateFailed.
   */
  @Post('extract')
  @HttpCode(HttpStatus.OK)
  @PaidCall('brand-extraction')
  extract(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: ExtractBrandDto): Promise<BrandExtractionResponse> {
    return this.extraction.extract({ organizationId, userId: user.id, imageUrls: dto.imageUrls, fileNames: dto.fileNames });
  }

  @Patch(':id')
  update(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Body() dto: UpdateBrandProfileDto): Promise<BrandProfileDto> {
    return this.profiles.update(organizationId, id, { name: dto.name, description: dto.description, brandData: dto.brand_data ?? dto.brandData });
  }

  /** 204; the generated assets stay, with their brand_profile_name. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    await this.profiles.delete(organizationId, id);
  }
}
