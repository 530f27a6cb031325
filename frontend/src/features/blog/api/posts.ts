import { BLOG_PAGE_SIZE, type BlogPostDto, type BlogPostsPage } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { formatDate } from '../../../lib/i18n/format';

/** Published posts, newest first (public). */
export function usePublishedPosts(page: number) {
  return useQuery({
    queryKey: ['/api/blog/posts', page],
    queryFn: () => apiRequest<BlogPostsPage>('GET', `/api/blog/posts?page=${page}&pageSize=${BLOG_PAGE_SIZE}`),
    retry: false,
  });
}

/** One published post by its slug; null when there is none (404). */
export function usePublishedPost(slug: string) {
  return useQuery({
    queryKey: ['/api/blog/posts', 'slug', slug],
    queryFn: async () => {
      try {
        return await apiRequest<BlogPostDto>('GET', `/api/blog/posts/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export const formatPostDate = (post: Pick<BlogPostDto, 'published_at' | 'created_at'>) => formatDate(post.published_at ?? post.created_at, { year: 'numeric', month: 'long', day: 'numeric' });
