import type { BlogPostDto } from '@brandloom/contracts';
import { BLOG_SORT_FIELDS, BlogService, type BlogSortField } from '@brandloom/core';
import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { AdminGuard } from '../common/guards';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { parseListQuery, setContentRange } from './react-admin-list';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const actor = (user: SessionUser) => ({ id: user.id, email: user.email });
const POST_BODY = {
  schema: {
    type: 'object',
    required: ['title', 'content', 'excerpt', 'slug', 'author'],
    properties: {
      title: { type: 'string', maxLength: 200 },
      content: { type: 'string', description: 'HTML: h1, h2, h3, p, strong, em, ul, ol, li, br, a' },
      excerpt: { type: 'string', maxLength: 500 },
      slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
      author: { type: 'string', maxLength: 100 },
      status: { type: 'string', enum: ['draft', 'published'] },
      featured_image: { type: 'string', nullable: true },
      meta_description: { type: 'string', nullable: true, maxLength: 300 },
    },
  },
};

/** Blog posts for the admin console (react-admin simple REST: sort, range, filter, Content-Range). */
@ApiTags('admin')
@Controller('admin/blog/posts')
@ApiErrors(400)
@UseGuards(AdminGuard)
export class AdminBlogController {
  constructor(private readonly blog: BlogService) {}

  @Get()
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('BlogPost') } })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<BlogPostDto[]> {
    const list = parseListQuery<BlogSortField>(query, BLOG_SORT_FIELDS, { sort: 'created_at', order: 'DESC' }, ['q', 'status']);
    const status = list.filter.status === 'draft' || list.filter.status === 'published' ? list.filter.status : undefined;
    if (!status && list.filter.status !== undefined && list.filter.status !== null && list.filter.status !== '') throw new BadRequestException(coded('admin_list_query_invalid', 'filter.status must be one of draft, published'));
    const { posts, total } = await this.blog.adminList({ ...list, ids: list.ids, q: typeof list.filter.q === 'string' ? list.filter.q.trim() : undefined, status });
    setContentRange(res, 'posts', list.offset, posts.length, total);
    return posts;
  }

  @Get(':id')
  @ApiOkResponse({ schema: appSchema('BlogPost') })
  get(@Param('id') id: string): Promise<BlogPostDto> {
    return this.blog.adminGet(id);
  }

  @Post()
  @ApiErrors(409)
  @ApiBody(POST_BODY)
  @ApiCreatedResponse({ schema: appSchema('BlogPost') })
  create(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<BlogPostDto> {
    return this.blog.create(actor(user), body);
  }

  @Put(':id')
  @ApiErrors(409)
  @ApiBody(POST_BODY)
  @ApiOkResponse({ schema: appSchema('BlogPost') })
  update(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<BlogPostDto> {
    return this.blog.update(actor(user), id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ schema: appSchema('DeletedId') })
  async remove(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<{ id: string }> {
    await this.blog.remove(actor(user), id);
    return { id };
  }
}
