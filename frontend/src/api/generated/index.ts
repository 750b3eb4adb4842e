export * from './admin/admin';
export * from './auth/auth';
export * from './fx/fx';
export * from './settings/settings';
export * from './system/system';
