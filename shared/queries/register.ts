import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

/**
 * The country options of phone fields (spec section 3: name, code, currency), from the server,
 * named in `language` (the one the requests are sent in). They change with a release, not during
 * a visit.
 */
export function useCountryOptions(language: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['countryOptions', language],
    queryFn: () => api.register.telCodes(),
    staleTime: 30 * 60_000,
  });
}
