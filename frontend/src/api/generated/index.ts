export * from './admin/admin';
export * from './affiliates/affiliates';
export * from './auth/auth';
export * from './brands/brands';
export * from './campaigns/campaigns';
export * from './fx/fx';
export * from './settings/settings';
export * from './system/system';
