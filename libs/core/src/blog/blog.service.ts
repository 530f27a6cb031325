import {
  isUuid,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE_MAX,
  BLOG_SLUG_PATTERN,
  BLOG_STATUSES,
  type BlogImageUploadResponse,
  type BlogPostDto,
  type BlogPostInput,
  type BlogPostsPage,
  type BlogStatus,
} from '@brandloom/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AdminAudit, type AdminActor } from '../admin-audit/admin-audit.service';
import { ImageVariants, ImageTooLargeError, UnsupportedImageError } from '../storage/image-variants';
import { getBuffer, STORAGE_DRIVER, type StorageDriver } from '../storage/storage-driver';
import { excerptFromHtml, sanitizeBlogHtml } from './blog-html';
import { type BlogAdminQuery, BlogPostsRepository, type BlogSortField } from './blog-posts.repository';
import { BlogPost } from './entities/blog-post.entity';
import { BlogImageError, BlogPostNotFoundError, BlogSlugTakenError, BlogValidationError } from './blog.errors';

const UNIQUE_VIOLATION = '23505';
const BLOG_IMAGE_PREFIX = 'blog/';
/** Public URL of a blog image rendition: /api/blog/images/{uuid}.webp. */
export const BLOG_IMAGE_URL_PREFIX = '/api/blog/images/';
export const BLOG_IMAGE_FILE = /^[0-9a-f-]{36}\.webp$/;

export type { BlogAdminQuery, BlogSortField };
export const BLOG_SORT_FIELDS: readonly BlogSortField[] = ['id', 'title', 'status', 'created_at', 'updated_at', 'published_at'];

/** The blog: sanitized posts with unique slugs, public reads of published ones, admin writes with an audit trail, images. */
@Injectable()
export class BlogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: BlogPostsRepository,
    private readonly audit: AdminAudit,
    private readonly images: ImageVariants,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  async listPublished(page = 1, pageSize = BLOG_PAGE_SIZE): Promise<BlogPostsPage> {
    const size = Math.min(Math.max(1, Math.trunc(pageSize) || BLOG_PAGE_SIZE), BLOG_PAGE_SIZE_MAX);
    const current = Math.max(1, Math.trunc(page) || 1);
    const [posts, total] = await this.posts.findPublishedPage((current - 1) * size, size);
    return { posts: posts.map(toBlogPostDto), total, page: current, pageSize: size };
  }

  /** A published post by its slug; drafts and unknown slugs read the same (404). */
  async getPublished(slug: string): Promise<BlogPostDto> {
    const post = typeof slug === 'string' && BLOG_SLUG_PATTERN.test(slug) ? await this.posts.findPublishedBySlug(slug) : null;
    if (!post) throw new BlogPostNotFoundError(BLOG_MESSAGES.postNotFound);
    return toBlogPostDto(post);
  }

  /** The newest published posts (RSS, sitemap). */
  async latestPublished(limit: number): Promise<BlogPostDto[]> {
    return (await this.posts.findLatestPublished(limit)).map(toBlogPostDto);
  }

  async adminList(query: BlogAdminQuery): Promise<{ posts: BlogPostDto[]; total: number }> {
    const [posts, total] = await this.posts.findAdminPage(query);
    return { posts: posts.map(toBlogPostDto), total };
  }

  async adminGet(id: string): Promise<BlogPostDto> {
    return toBlogPostDto(await this.find(this.dataSource.manager, id));
  }

  async create(actor: AdminActor, input: unknown): Promise<BlogPostDto> {
    const fields = checkPostInput(input, { excerptRequired: false });
    return this.write(async (m) => {
      const post = await this.posts.insert({ ...fields, created_by: actor.id, published_at: fields.status === 'published' ? new Date() : null }, m);
      await this.audit.record(m, actor, { action: 'blog.create', targetType: 'blog_post', targetId: post.id, after: auditView(post) });
      return post;
    });
  }

  async update(actor: AdminActor, id: string, input: unknown): Promise<BlogPostDto> {
    const fields = checkPostInput(input);
    return this.write(async (m) => {
      const before = await this.find(m, id, true);
      // published_at is set the first time the post is published, and kept afterwards.
      const publishedAt = before.published_at ?? (fields.status === 'published' ? new Date() : null);
      await this.posts.update(id, { ...fields, published_at: publishedAt, updated_at: new Date() }, m);
      const after = await this.find(m, id);
      await this.audit.record(m, actor, { action: 'blog.update', targetType: 'blog_post', targetId: id, before: auditView(before), after: auditView(after) });
      return after;
    });
  }

  async remove(actor: AdminActor, id: string): Promise<void> {
    await this.write(async (m) => {
      const before = await this.find(m, id, true);
      await this.posts.delete(id, m);
      await this.audit.record(m, actor, { action: 'blog.delete', targetType: 'blog_post', targetId: id, before: auditView(before) });
      return before;
    });
  }

  /** Stores an uploaded image (checked by its content) and its WebP rendition, public at a stable URL. */
  async uploadImage(file: Buffer): Promise<BlogImageUploadResponse> {
    if (file.length > BLOG_IMAGE_MAX_BYTES) throw new BlogImageError(BLOG_MESSAGES.imageTooLarge, 'too_large');
    let info;
    let rendition;
    try {
      info = await this.images.verify(file);
      rendition = await this.images.webRendition(file);
    } catch (error) {
      if (error instanceof UnsupportedImageError || error instanceof ImageTooLargeError) throw new BlogImageError(BLOG_MESSAGES.imageType, 'unsupported_type');
      throw error;
    }
    const id = randomUUID();
    const extension = info.type.split('/')[1].replace('jpeg', 'jpg');
    const key = `${BLOG_IMAGE_PREFIX}${id}.${extension}`;
    await this.storage.put(key, file, info.type);
    await this.storage.put(`${BLOG_IMAGE_PREFIX}${id}.webp`, rendition.buffer, rendition.contentType);
    return { key, url: blogImageUrl(key)! };
  }

  /** A public blog image by its file name ({uuid}.webp); 404 for anything else. */
  async readImage(file: string): Promise<{ buffer: Buffer; contentType: string }> {
    const image = BLOG_IMAGE_FILE.test(file) ? await getBuffer(this.storage, `${BLOG_IMAGE_PREFIX}${file}`).catch(() => null) : null;
    if (!image) throw new BlogPostNotFoundError('Image not found');
    return image;
  }

  private async write<T extends BlogPost>(work: (m: EntityManager) => Promise<T>): Promise<BlogPostDto> {
    try {
      return toBlogPostDto(await this.dataSource.transaction(work));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) throw new BlogSlugTakenError(BLOG_MESSAGES.slugTaken);
      throw error;
    }
  }

  private async find(m: EntityManager, id: string, lock = false): Promise<BlogPost> {
    const post = isUuid(id) ? await this.posts.findById(id, { lock }, m) : null;
    if (!post) throw new BlogPostNotFoundError(BLOG_MESSAGES.postNotFound);
    return post;
  }
}

/**
 * The product's rules: title, content, slug and author required ('X is required'), the excerpt too when
 * editing (a new post without one takes its opening words); status draft or published.
 */
export function checkPostInput(input: unknown, { excerptRequired = true } = {}): Required<BlogPostInput> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const text = (field: string, label: string, max: number, required: boolean): string | null => {
    const value = body[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) throw new BlogValidationError(`${label} is required`);
      return null;
    }
    if (typeof value !== 'string') throw new BlogValidationError(`${label} must be text`);
    const trimmed = value.trim();
    if (trimmed.length > max) throw new BlogValidationError(`${label} must be at most ${max} characters`);
    return trimmed;
  };
  const title = text('title', 'Title', BLOG_LIMITS.title, true)!;
  const rawContent = text('content', 'Content', BLOG_LIMITS.content, true)!;
  const content = sanitizeBlogHtml(rawContent);
  if (!content.replace(/<[^>]*>/g, '').trim()) throw new BlogValidationError(BLOG_MESSAGES.contentRequired);
  const excerpt = text('excerpt', 'Excerpt', BLOG_LIMITS.excerpt, excerptRequired) ?? excerptFromHtml(content);
  const slug = text('slug', 'Slug', BLOG_LIMITS.slug, true)!;
  if (!BLOG_SLUG_PATTERN.test(slug)) throw new BlogValidationError(BLOG_MESSAGES.invalidSlug);
  const author = text('author', 'Author', BLOG_LIMITS.author, true)!;
  const status = body.status ?? 'draft';
  if (typeof status !== 'string' || !(BLOG_STATUSES as readonly string[]).includes(status)) throw new BlogValidationError(BLOG_MESSAGES.invalidStatus);
  const featured = text('featured_image', 'Featured image', 512, false);
  if (featured !== null && !/^blog\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(featured)) throw new BlogValidationError('Featured image must be a key returned by the upload');
  return {
    title,
    content,
    excerpt,
    slug,
    author,
    status: status as BlogStatus,
    featured_image: featured,
    meta_description: text('meta_description', 'Meta description', BLOG_LIMITS.metaDescription, false),
  };
}

export function blogImageUrl(key: string | null): string | null {
  const match = key ? /^blog\/([0-9a-f-]{36})\.[a-z]+$/.exec(key) : null;
  return match ? `${BLOG_IMAGE_URL_PREFIX}${match[1]}.webp` : null;
}

export function toBlogPostDto(post: BlogPost): BlogPostDto {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    // Sanitized on write; sanitized again on the way out, so stored HTML is never trusted as is.
    content: sanitizeBlogHtml(post.content),
    excerpt: post.excerpt,
    author: post.author,
    status: post.status,
    featured_image: post.featured_image,
    featured_image_url: blogImageUrl(post.featured_image),
    meta_description: post.meta_description,
    created_at: new Date(post.created_at).toISOString(),
    updated_at: new Date(post.updated_at).toISOString(),
    published_at: post.published_at ? new Date(post.published_at).toISOString() : null,
  };
}

function auditView(post: BlogPost): Record<string, unknown> {
  return { title: post.title, slug: post.slug, status: post.status, author: post.author, featured_image: post.featured_image };
}
