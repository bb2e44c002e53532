import type { JsonSchema, OpenApiDocument, Operation } from './openapi';

/**
 * The OpenAPI document as one page to read (GET /api/docs): rendered here, no script (the CSP allows none inline)
 * and nothing fetched from elsewhere. Each route with its access, parameters, body and answers; each schema below,
 * its references linked.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Pretty JSON with every `$ref` turned into a link to its schema. */
function schemaHtml(schema: unknown): string {
  return esc(JSON.stringify(schema, null, 2)).replace(/&quot;#\/components\/schemas\/([\w-]+)&quot;/g, (_m, id: string) => `<a href="#schema-${id}">${id}</a>`);
}
const refLink = (schema: JsonSchema | undefined) => {
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  return ref ? `<a href="#schema-${esc(ref)}">${esc(ref)}</a>` : `<pre>${schemaHtml(schema ?? {})}</pre>`;
};
const anchor = (method: string, path: string) => `op-${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>${op.parameters
        .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${schemaHtml(p.schema)}</code></td></tr>`)
        .join('')}</table>`
    : '';
  const body = op.requestBody ? `<h4>Body${op.requestBody.required ? '' : ' (optional)'}</h4><p>application/json: ${refLink(op.requestBody.content['application/json'].schema)}</p>` : '';
  const answers = Object.entries(op.responses)
    .map(([status, r]) => {
      const content = r.content
        ? Object.entries(r.content)
            .map(([type, c]) => `${esc(type)}${c.schema && Object.keys(c.schema).length ? `: ${refLink(c.schema)}` : ''}`)
            .join('<br>')
        : 'no body';
      return `<tr><td>${esc(status)}</td><td>${esc(r.description)}</td><td>${content}</td></tr>`;
    })
    .join('');
  return `<section class="op" id="${anchor(method, path)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
${op.summary ? `<p class="summary">${esc(op.summary)}</p>` : ''}<p class="access">${esc(op.description)}</p>
${params}${body}<h4>Answers</h4><table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>${answers}</table>
</section>`;
}

export function renderApiDocs(doc: OpenApiDocument): string {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const byTag = doc.tags.map((t) => ({ tag: t.name, ops: ops.filter((o) => o.op.tags[0] === t.name) }));
  const toc = byTag
    .map(
      (g) =>
        `<li><a href="#tag-${esc(g.tag)}">${esc(g.tag)}</a><ul>${g.ops.map((o) => `<li><a href="#${anchor(o.method, o.path)}"><span class="m m-${o.method}">${o.method.toUpperCase()}</span> ${esc(o.path)}</a></li>`).join('')}</ul></li>`,
    )
    .join('');
  const sections = byTag.map((g) => `<h2 id="tag-${esc(g.tag)}">${esc(g.tag)}</h2>${g.ops.map((o) => operationHtml(o.method, o.path, o.op)).join('\n')}`).join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, s]) => `<details id="schema-${esc(id)}"><summary>${esc(id)}</summary><pre>${schemaHtml(s)}</pre></details>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:40px;border-bottom:2px solid #e5e7eb}h3{margin:0 0 4px;font-size:17px}h4{margin:12px 0 4px;font-size:14px}
.op{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:14px 16px;margin:14px 0}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font:600 12px/20px ui-monospace,monospace}
.m-get{background:#2563eb}.m-post{background:#059669}.m-put{background:#d97706}.m-patch{background:#7c3aed}.m-delete{background:#dc2626}
.summary{margin:4px 0}.access{margin:4px 0;color:#4b5563;font-size:14px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}
pre{background:#f3f4f6;padding:8px;border-radius:6px;overflow:auto;font-size:12.5px;margin:4px 0}
td code{white-space:pre-wrap;font-size:12px}nav ul{padding-left:18px}nav li{margin:2px 0}
details{background:#fff;border:1px solid #e5e7eb;border-radius:6px;margin:6px 0;padding:6px 10px}summary{cursor:pointer;font-weight:600}
a{color:#1d4ed8}
</style></head>
<body><main>
<h1>${esc(doc.info.title)}</h1>
<p>Version ${esc(doc.info.version)}, OpenAPI ${esc(doc.openapi)}: <a href="/api/openapi.json">openapi.json</a>. ${esc(doc.info.description)}</p>
<nav><h2>Routes</h2><ul>${toc}</ul><p><a href="#schemas">Schemas</a></p></nav>
${sections}
<h2 id="schemas">Schemas</h2>
${schemas}
</main></body></html>`;
}
