import type { RouteDef } from '../../http/routes';

/** `draining`: a graceful stop began, so the load balancer must stop sending here (503) whatever the database says. */
export function healthRoutes(deps: { ping(): Promise<boolean>; migrated(): boolean; draining?(): boolean }): RouteDef[] {
  return [
    { method: 'GET', url: '/healthz', access: 'public', handler: async () => ({ status: 'ok' }) },
    {
      method: 'GET',
      url: '/readyz',
      access: 'public',
      handler: async (_req, reply) => {
        const database = await deps.ping();
        const ready = database && deps.migrated() && !deps.draining?.();
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, migrated: deps.migrated() });
      },
    },
  ];
}
