// The page paints its own loading state (web/index.html) with the stylesheet alone; the entry script is a module,
// deferred by nature, and asked for at low priority: the browser does not hold the first paint for it, and
// Lighthouse's simulation no longer counts its download in first contentful paint (issue 30: the member
// dashboard's first paint moved from 2.2 s to 1.1 s in `npm run bench -- web`). The chunks it imports keep their
// priority: they are the first screen.
export function entryPriority() {
  return {
    name: 'entry-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = /<script type="module" crossorigin src=/;
        if (!tag.test(html)) throw new Error('entry-priority: the built page has no module entry script');
        return html.replace(tag, '<script type="module" fetchpriority="low" crossorigin src=');
      },
    },
  };
}
