import { readFileSync } from 'node:fs';
import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { buildOpenApi, type OpenApiDocument } from '../../http/openapi';
import { renderApiDocs } from '../../http/api-docs-page';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * This API described (issue 14): the OpenAPI 3.1 document of every registered route (these two included) and a page
 * that renders it. Admins only, or anyone in development. Both are built on the first request and kept.
 */
export function apiDocsRoutes(_ctx: AppContext, others: RouteDef[]): RouteDef[] {
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  const document = () => (doc ??= buildOpenApi([...others, ...own], VERSION));
  const own: RouteDef[] = [
    {
      method: 'GET',
      url: '/api/openapi.json',
      access: 'admin',
      openInDevelopment: true,
      handler: async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(document())),
    },
    {
      method: 'GET',
      url: '/api/docs',
      access: 'admin',
      openInDevelopment: true,
      handler: async (_req, reply) => reply.header('content-type', 'text/html; charset=utf-8').send((page ??= renderApiDocs(document()))),
    },
  ];
  return own;
}
