// Builds the page into the Python package (heat_conv/api/dashboard/static),
// where pip installs it from: one bundle, ELK's worker script, the stylesheet and the page.
// Run through tools/build-dashboard (npm ci, then this); the output is
// committed, so installing heat-conv needs no Node.js.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

const out = new URL('../heat_conv/api/dashboard/static/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ['src/main.js'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  outfile: `${out}dashboard.js`,
  legalComments: 'eof',
  logLevel: 'warning',
});
// ELK's layout runs in a Web Worker (src/layout.js), from its own file.
copyFileSync('node_modules/elkjs/lib/elk-worker.min.js', `${out}elk-worker.min.js`);
copyFileSync('index.html', `${out}index.html`);
copyFileSync('dashboard.css', `${out}dashboard.css`);
