import { fontList, type FontsResponse } from '@brandloom/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { OrganizationGuard } from '../common/guards';

/** The fonts ads are set in (a brand profile's brand_data.fonts takes their ids). */
@ApiTags('ads')
@Controller('fonts')
@UseGuards(OrganizationGuard)
export class FontsController {
  @Get()
  list(): FontsResponse {
    return { fonts: fontList() };
  }
}
