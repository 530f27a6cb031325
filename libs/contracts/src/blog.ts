/** The blog: public pages, admin screens, the post, its editing rules and messages. */

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** The only tags post content may use (a: http, https and mailto links only). */
export const BLOG_ALLOWED_TAGS = ['h1', 'h2', 'h3', 'p', 'strong', 'em', 'ul', 'ol', 'li', 'br', 'a'] as const;
export const BLOG_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const BLOG_LIMITS = {
  title: 200,
  slug: 200,
  excerpt: 500,
  author: 100,
  metaDescription: 300,
  content: 200_000,
} as const;
export const BLOG_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const BLOG_PAGE_SIZE = 9;
export const BLOG_PAGE_SIZE_MAX = 50;
export const BLOG_RSS_ITEMS = 20;

export const BLOG_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  excerptRequired: 'Excerpt is required',
  slugRequired: 'Slug is required',
  authorRequired: 'Author is required',
  invalidStatus: 'Status must be draft or published',
  invalidSlug: 'Slug may use lowercase letters, digits and hyphens only',
  slugTaken: 'A post with this slug already exists',
  postNotFound: 'Post Not Found',
  blogPostNotFound: 'Blog Post Not Found',
  unavailable: 'Unable to load blog posts at this time.',
  uploadHint: 'PNG, JPG, GIF up to 10MB',
  invalidUploadResponse: 'Invalid response from upload service',
  imageRequired: 'An image file is required (field "image")',
  imageType: 'The file must be a PNG, JPEG, GIF or WebP image',
  imageTooLarge: 'Images may be at most 10 MB',
  deleteConfirm: 'Are you sure you want to delete this blog post? This action cannot be undone.',
  createFailed: 'Failed to create blog post',
  createFailedToast: 'Failed to create blog post. Please try again.',
  updateFailed: 'Update failed',
  deleteFailed: 'Delete failed',
  uploadFailed: 'Upload failed',
} as const;

/** 'A Title!' → 'a-title': lowercase, every run of other characters one hyphen, trimmed of hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/g, '');
}

export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface BlogPostDto {
  id: string;
  title: string;
  slug: string;
  /** Sanitized HTML (the product's tags only). */
  content: string;
  excerpt: string;
  author: string;
  status: BlogStatus;
  /** Storage key of the featured image, or null. */
  featured_image: string | null;
  /** Its public URL (a WebP rendition), or null. */
  featured_image_url: string | null;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** POST /api/admin/blog/posts and PUT /api/admin/blog/posts/{id}. */
export interface BlogPostInput {
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  author: string;
  status: BlogStatus;
  featured_image?: string | null;
  meta_description?: string | null;
}

/** GET /api/blog/posts. */
export interface BlogPostsPage {
  posts: BlogPostDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/blog/upload-image. */
export interface BlogImageUploadResponse {
  key: string;
  url: string;
}
