export * from './dashboard.service';
