export * from './blog.errors';
export { BlogService, BLOG_SORT_FIELDS, checkPostInput, toBlogPostDto, blogImageUrl, type BlogAdminQuery, type BlogSortField } from './blog.service';
export { sanitizeBlogHtml } from './blog-html';
export { BlogModule } from './blog.module';
export { BlogPost } from './entities/blog-post.entity';
export { BlogPostsRepository } from './blog-posts.repository';
