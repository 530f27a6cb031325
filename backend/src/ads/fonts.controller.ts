import { fontList, type FontsResponse } from '@brandloom/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OrganizationGuard } from '../common/guards';
import { appSchema } from '../openapi/app-schemas';

/** The fonts ads are set in (a brand profile's brand_data.fonts takes their ids). */
@ApiTags('ads')
@Controller('fonts')
@UseGuards(OrganizationGuard)
export class FontsController {
  @Get()
  @ApiOkResponse({ schema: appSchema('Fonts') })
  list(): FontsResponse {
    return { fonts: fontList() };
  }
}
