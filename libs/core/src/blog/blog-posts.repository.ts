import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { substringPattern } from '../infra/database/substring-pattern';
import { BlogPost } from './entities/blog-post.entity';

export type BlogSortField = 'id' | 'title' | 'status' | 'created_at' | 'updated_at' | 'published_at';

export interface BlogAdminQuery {
  q?: string;
  status?: BlogPost['status'];
  /** Only these posts; ids that cannot be a post's are no match. */
  ids?: string[];
  sort: BlogSortField;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

@Injectable()
export class BlogPostsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Published posts, newest first, from `skip` on, and how many there are. */
  async findPublishedPage(skip: number, take: number): Promise<[BlogPost[], number]> {
    return this.dataSource.getRepository(BlogPost).findAndCount({ where: { status: 'published' }, order: { published_at: 'DESC', id: 'DESC' }, skip, take });
  }

  async findPublishedBySlug(slug: string): Promise<BlogPost | null> {
    return this.dataSource.getRepository(BlogPost).findOneBy({ slug, status: 'published' });
  }

  async findLatestPublished(limit: number): Promise<BlogPost[]> {
    return this.dataSource.getRepository(BlogPost).find({ where: { status: 'published' }, order: { published_at: 'DESC', id: 'DESC' }, take: limit });
  }

  /** Administrators' list: title search, status filter, any sort (unpublished last), and the matching total. */
  async findAdminPage(query: BlogAdminQuery): Promise<[BlogPost[], number]> {
    const qb = this.dataSource.getRepository(BlogPost).createQueryBuilder('p');
    if (query.q) qb.andWhere(`p.title ILIKE :q ESCAPE '\\'`, { q: substringPattern(query.q) });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    if (query.ids) qb.andWhere('p.id = ANY(CAST(:ids AS uuid[]))', { ids: query.ids.filter(isUuid) });
    qb.orderBy(`p.${query.sort}`, query.order, 'NULLS LAST').addOrderBy('p.id', query.order).skip(query.offset).take(query.limit);
    return qb.getManyAndCount();
  }

  /** The post, locked until the transaction ends when `lock`; null when there is none. */
  async findById(id: string, { lock = false } = {}, manager: EntityManager = this.dataSource.manager): Promise<BlogPost | null> {
    return manager.findOne(BlogPost, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  async insert(fields: Omit<BlogPost, 'id' | 'created_at' | 'updated_at'>, manager: EntityManager = this.dataSource.manager): Promise<BlogPost> {
    return manager.save(manager.create(BlogPost, fields));
  }

  async update(id: string, changes: QueryDeepPartialEntity<BlogPost>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(BlogPost, { id }, changes);
  }

  async delete(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(BlogPost, { id });
  }
}
