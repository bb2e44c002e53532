// A Vite plugin that runs a step over the finished build: after the bundle and the public folder are written, last
// and one at a time (precompress.mjs, bundle-budget.mjs).

/** Vite plugin `name`: `run(outDir)` once `vite build` has written everything (not in dev). */
export function afterBuild(name, run) {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        run(outDir);
      },
    },
  };
}
