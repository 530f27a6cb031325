import { standInsFor, type StandInsResponse } from '@brandloom/contracts';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../common/guards';
import { appSchema } from '../openapi/app-schemas';

@ApiTags('admin')
@Controller('admin')
@UseGuards(AdminGuard)
export class StandInsController {
  /** The services running as built-in stand-ins and the variable that switches each (administrators only). */
  @Get('stand-ins')
  @ApiOkResponse({ schema: appSchema('StandIns') })
  standIns(): StandInsResponse {
    return { standIns: standInsFor(process.env) };
  }
}
