import { useGetSystemConfig } from '../api/generated/system/system';

/** The server's public configuration (dev mode, version), fetched once per session. */
export function useSystemConfig() {
  const query = useGetSystemConfig({ query: { staleTime: Infinity, retry: false } });
  return { devMode: query.data?.data.dev_mode ?? false, version: query.data?.data.version };
}
