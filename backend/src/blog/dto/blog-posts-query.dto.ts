import { BLOG_PAGE_SIZE, BLOG_PAGE_SIZE_MAX, type FieldProblem } from '@brandloom/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Rule } from '../../common/rule';

const MAX_PAGE = 100_000;
const wholeNumber = (name: string, max: number) => (value: unknown): FieldProblem | null =>
  typeof value === 'string' && /^[0-9]{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= max
    ? null
    : { code: 'out_of_range', message: `${name} must be a whole number from 1 to ${max}`, params: { min: 1, max } };

/** GET /api/blog/posts */
export class BlogPostsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Rule(wholeNumber('page', MAX_PAGE))
  page?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: BLOG_PAGE_SIZE_MAX, default: BLOG_PAGE_SIZE })
  @IsOptional()
  @Rule(wholeNumber('pageSize', BLOG_PAGE_SIZE_MAX))
  pageSize?: string;
}
