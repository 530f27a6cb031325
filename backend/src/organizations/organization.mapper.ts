export { toOrganizationDto } from '@brandloom/core';
