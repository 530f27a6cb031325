import { BLOG_IMAGE_MAX_BYTES, BLOG_MESSAGES, BLOG_PAGE_SIZE, type BlogImageUploadResponse, type BlogPostDto, type BlogPostsPage } from '@brandloom/contracts';
import { BlogService } from '@brandloom/core';
import { BadRequestException, Controller, Get, Param, PayloadTooLargeException, Post, Query, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminGuard } from '../common/guards';
import { BlogPostsQueryDto } from './dto/blog-posts-query.dto';
import { isUnexpectedFile, UploadedMemoryFile, uploadInterceptor } from '../common/multipart';
import { coded } from '../common/send-error';
import { IMAGE_TYPES, appSchema } from '../openapi/app-schemas';
import { ApiFileUpload } from '../openapi/openapi-document';

const BLOG_IMAGE_FIELD = 'image';
const BlogImageInterceptor = uploadInterceptor({ field: BLOG_IMAGE_FIELD, limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }, (error) => {
  if (error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(coded('blog_image_too_large', BLOG_MESSAGES.imageTooLarge));
  if (isUnexpectedFile(error)) return new BadRequestException(coded('blog_image_required', BLOG_MESSAGES.imageRequired));
  return undefined;
});

/** The public blog (published posts, images) and the admins' image upload. */
@ApiTags('blog')
@Controller('blog')
export class BlogController {
  constructor(private readonly blog: BlogService) {}

  @Get('posts')
  @ApiOkResponse({ schema: appSchema('BlogPostsPage') })
  posts(@Query() query: BlogPostsQueryDto): Promise<BlogPostsPage> {
    return this.blog.listPublished(Number(query.page ?? 1), Number(query.pageSize ?? BLOG_PAGE_SIZE));
  }

  @Get('posts/:slug')
  @ApiOkResponse({ schema: appSchema('BlogPost') })
  post(@Param('slug') slug: string): Promise<BlogPostDto> {
    return this.blog.getPublished(slug);
  }

  /** Blog images are public at a stable URL (organization assets stay private). */
  @Get('images/:file')
  @ApiProduces(...IMAGE_TYPES)
  async image(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const image = await this.blog.readImage(file);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(image.contentType).send(image.buffer);
  }

  @Post('upload-image')
  @UseGuards(AdminGuard)
  @ApiFileUpload(BLOG_IMAGE_FIELD)
  @UseInterceptors(BlogImageInterceptor)
  @ApiCreatedResponse({ schema: appSchema('BlogImage') })
  upload(@UploadedFile() file: UploadedMemoryFile | undefined): Promise<BlogImageUploadResponse> {
    if (!file) throw new BadRequestException(coded('blog_image_required', BLOG_MESSAGES.imageRequired));
    return this.blog.uploadImage(file.buffer);
  }
}
