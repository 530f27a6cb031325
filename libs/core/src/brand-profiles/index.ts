export * from './entities/brand-profile.entity';
export * from './brand-profiles.errors';
export * from './brand-profiles.service';
export * from './brand-profiles.module';
