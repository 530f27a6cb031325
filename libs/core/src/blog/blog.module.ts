import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../admin-audit/admin-audit.module';
import { StorageModule } from '../storage/storage.module';
import { BlogPostsRepository } from './blog-posts.repository';
import { BlogService } from './blog.service';

/** The blog: posts (sanitized, unique slugs), public reads, admin writes with an audit trail, images. */
@Module({ imports: [AdminAuditModule, StorageModule], providers: [BlogPostsRepository, BlogService], exports: [BlogPostsRepository, BlogService] })
export class BlogModule {}
