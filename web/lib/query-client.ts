import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api';

/** Reads are GET calls to the first key element; /api/users adds ?search= from the second. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => {
  const [path, second] = queryKey as [string, unknown?];
  let url = path;
  if (path === '/api/users' && second !== undefined && second !== null && second !== '') {
    url = `${path}?search=${encodeURIComponent(String(second))}`;
  }
  return apiGet(url);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
