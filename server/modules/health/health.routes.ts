import type { RouteDef } from '../../http/routes';

export function healthRoutes(deps: { ping(): Promise<boolean>; migrated(): boolean }): RouteDef[] {
  return [
    { method: 'GET', url: '/healthz', access: 'public', handler: async () => ({ status: 'ok' }) },
    {
      method: 'GET',
      url: '/readyz',
      access: 'public',
      handler: async (_req, reply) => {
        const database = await deps.ping();
        const ready = database && deps.migrated();
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, migrated: deps.migrated() });
      },
    },
  ];
}
