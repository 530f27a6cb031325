import { BRAND_LOGO_FIELD, BRAND_MESSAGES, type BrandLogoDto, type BrandUsageDto, type BrandExtractionResponse, type BrandProfileDto } from '@brandloom/contracts';
import { BrandExtractionService, BrandLogoRequiredError, BrandLogosService, BrandProfilesService } from '@brandloom/core';
import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Patch, Post, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import type { UploadedMemoryFile } from '../common/multipart';
import { PaidCall } from '../common/paid-call.guard';
import { profileImageInterceptor } from '../common/profile-image.interceptor';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { brandProfileChangesOf, CreateBrandProfileDto, ExtractBrandDto, newBrandProfileOf, UpdateBrandProfileDto, UploadBrandLogoDto } from './dto/brand-profile.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const BrandLogoInterceptor = profileImageInterceptor(BRAND_LOGO_FIELD, coded('brand_logo_required', BRAND_MESSAGES.logoRequired), 'brand_logo_too_large');

/** Brand profiles of the caller's organization; another organization's id answers 404. */
@ApiTags('brand-profiles')
@Controller('brand-profiles')
@UseGuards(OrganizationGuard)
export class BrandProfilesController {
  constructor(
    private readonly profiles: BrandProfilesService,
    private readonly extraction: BrandExtractionService,
    private readonly logos: BrandLogosService,
  ) {}

  /** The organization's profiles, newest first. `?userId` is accepted and never widens the scope. */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1BrandProfile') } })
  list(@CurrentOrganizationId() organizationId: string): Promise<BrandProfileDto[]> {
    return this.profiles.list(organizationId);
  }

  /** The plan's allowances and what is used today. */
  @Get('usage')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: appSchema('BrandUsage') })
  usage(@CurrentOrganizationId() organizationId: string): Promise<BrandUsageDto> {
    return this.profiles.usage(organizationId);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: v1Schema('V1BrandProfile') })
  get(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<BrandProfileDto> {
    return this.profiles.get(organizationId, id);
  }

  /** Manual creation (or the saved form of an extraction, with brandDataId); 403 beyond the plan's profiles. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1BrandProfile') })
  create(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: CreateBrandProfileDto): Promise<BrandProfileDto> {
    return this.profiles.create(organizationId, user.id, newBrandProfileOf(dto));
  }

  /**
   * Extracts a brand from 1 to 5 images and creates its profile (named after its images or the date); when the
   * plan's profiles are used up the brand data still comes back, with autoCreateFailed.
   */
  @Post('extract')
  @ApiErrors(504)
  @HttpCode(HttpStatus.OK)
  @PaidCall('brand-extraction')
  @ApiOkResponse({ schema: v1Schema('V1BrandExtraction') })
  extract(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: ExtractBrandDto): Promise<BrandExtractionResponse> {
    return this.extraction.extract({ organizationId, userId: user.id, imageUrls: dto.imageUrls, fileNames: dto.fileNames });
  }

  @Patch(':id')
  @ApiOkResponse({ schema: v1Schema('V1BrandProfile') })
  update(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Body() dto: UpdateBrandProfileDto): Promise<BrandProfileDto> {
    return this.profiles.update(organizationId, id, brandProfileChangesOf(dto));
  }

  /**
   * The brand kit's logo of a variant (PNG, JPEG or WebP, transparency kept); replaces the profile's
   * logo of that variant. The url is the organization-scoped file route.
   */
  @Post(':id/logos')
  @HttpCode(HttpStatus.CREATED)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: [BRAND_LOGO_FIELD, 'variant'], properties: { [BRAND_LOGO_FIELD]: { type: 'string', format: 'binary' }, variant: { type: 'string', enum: ['default', 'light', 'dark'] } } } })
  @UseInterceptors(BrandLogoInterceptor)
  @ApiCreatedResponse({ schema: appSchema('UploadedBrandLogo') })
  uploadLogo(
    @CurrentOrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() dto: UploadBrandLogoDto,
    @UploadedFile() file: UploadedMemoryFile | undefined,
  ): Promise<Omit<BrandLogoDto, 'width' | 'height'>> {
    if (!file) throw new BrandLogoRequiredError();
    return this.logos.upload(organizationId, id, dto.variant, file.buffer);
  }

  @Delete(':id/logos/:variant')
  @HttpCode(HttpStatus.NO_CONTENT)
  async removeLogo(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Param('variant') variant: string): Promise<void> {
    await this.logos.remove(organizationId, id, variant);
  }

  /** 204; the generated assets stay, with their brand_profile_name. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    await this.profiles.delete(organizationId, id);
  }
}
