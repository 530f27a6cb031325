import { type BlogImageUploadResponse, type BlogPostDto, type BlogPostsPage, BLOG_STATUSES } from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';


/** The blog's posts, public and in the admin console, and its images. */
export const BLOG_SCHEMAS = {
  BlogPost: objectOf<BlogPostDto>({
    id: text({ format: 'uuid' }),
    title: text(),
    slug: text(),
    content: text({ description: 'Sanitized HTML (the product’s tags only)' }),
    excerpt: text(),
    author: text(),
    status: text({ enum: [...BLOG_STATUSES] }),
    featured_image: nullableText({ description: 'Storage key of the featured image' }),
    featured_image_url: nullableText({ description: 'Its public URL (a WebP rendition)' }),
    meta_description: nullableText(),
    created_at: text({ format: 'date-time' }),
    updated_at: text({ format: 'date-time' }),
    published_at: nullableText({ format: 'date-time' }),
  }),
  BlogPostsPage: objectOf<BlogPostsPage>({ posts: listOf(componentRef('BlogPost')), total: integer(), page: integer(), pageSize: integer() }),
  BlogImage: objectOf<BlogImageUploadResponse>({ key: text({ description: 'Give it as a post’s featured_image' }), url: text() }),
  DeletedId: objectOf<{ id: string }>({ id: text({ format: 'uuid' }) }),
} satisfies Record<string, SchemaObject>;
