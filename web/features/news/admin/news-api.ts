import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsInput, NewsPatch, NewsView } from '@contracts';
import { apiRequest, getRoute } from '../../../lib/api';
import { useApiMutation } from '../../../lib/mutation';
import { invalidatePaths, KEYS } from '../../../lib/admin/queries';
import { itemPath, type Answer } from '../../../lib/admin/writes';

export type { NewsView };

/** GET /api/admin/news: every item, live or not. */
export function useAdminNews() {
  return useQuery({ queryKey: [KEYS.news], queryFn: () => getRoute('GET /api/admin/news') });
}

export function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [KEYS.news, KEYS.auditLog]);
}

/** POST /api/admin/news (id null) or PATCH /api/admin/news/:id. */
export function useSaveNews(id: string | null) {
  const invalidate = useInvalidateNews();
  return useApiMutation({
    request: (body: NewsInput | NewsPatch) => (id === null ? apiRequest<Answer>('POST', KEYS.news, body) : apiRequest<Answer>('PATCH', itemPath(KEYS.news, id), body)),
    errorFallback: 'Failed to save the news item',
    successToast: (data) => ({ title: id === null ? 'News created' : 'News updated', description: data?.message || undefined }),
    invalidate,
  });
}

/** PATCH /api/admin/news/:id { isActive }: switch an item on or off. */
export function useToggleNews() {
  const invalidate = useInvalidateNews();
  return useApiMutation({
    request: (item: NewsView) => apiRequest('PATCH', itemPath(KEYS.news, item.id), { isActive: !item.isActive }),
    errorFallback: 'Failed to update the news item',
    successToast: (_d, item) => ({ title: item.isActive ? 'News deactivated' : 'News activated', description: item.title }),
    invalidate,
  });
}
