import { useGetSystemConfig } from '../api/generated/system/system';

/** The server's public configuration (dev mode, version, whether it sends email), fetched once per session. */
export function useSystemConfig() {
  const query = useGetSystemConfig({ query: { staleTime: Infinity, retry: false } });
  return {
    devMode: query.data?.data.dev_mode ?? false,
    version: query.data?.data.version,
    email: query.data?.data.email ?? false,
  };
}
