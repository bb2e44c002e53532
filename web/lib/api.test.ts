import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRoute, routeUrl, sendRoute } from './api';

describe('the typed client (issue 14)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path parameters, encoded, and appends the defined, non-blank query values', () => {
    expect(routeUrl('GET /api/wallet')).toBe('/api/wallet');
    expect(routeUrl('POST /api/notifications/:id/read', { params: { id: 'a/b c' } })).toBe('/api/notifications/a%2Fb%20c/read');
    expect(routeUrl('GET /api/admin/fund-history', { query: { search: 'asha', type: '', cursor: undefined, limit: 50 } })).toBe('/api/admin/fund-history?search=asha&limit=50');
    expect(() => routeUrl('GET /api/income/cycles/:id', { params: { id: '' } })).toThrow(/the id parameter is missing/);
  });

  it('calls the route with its method, address and body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'ok', count: 2 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const res = await sendRoute('POST /api/notifications/read-all', {});
    expect(res).toEqual({ ok: true, status: 200, data: { message: 'ok', count: 2 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/read-all', expect.objectContaining({ method: 'POST', body: undefined }));

    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ count: 3 }), { status: 200 }));
    const count = await getRoute('GET /api/notifications/unread-count');
    expect(count.count).toBe(3);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/notifications/unread-count', expect.objectContaining({ method: 'GET' }));
  });
});
