// Prints every JS/CSS chunk of dist with its gzip size, names the entry and the two layout chunks,
// and fails when a layout's chunk graph holds the other layout's UI library (§2, ARCHITECTURE).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// An optional argument names another build folder (parallel builds: vite build --outDir <dir>).
const dist = process.argv[2]
  ? `${path.resolve(process.argv[2])}/`
  : fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const packagesOf = JSON.parse(readFileSync(`${dist}.vite/chunk-packages.json`, 'utf8'));

const LAYOUTS = {
  mobile: { src: 'src/app/mobile-app.tsx', forbidden: 'antd' },
  desktop: { src: 'src/app/desktop-app.tsx', forbidden: 'antd-mobile' },
};

/** The entry, and the chunk it starts the app from (src/app/main.tsx): what every page loads first. */
const ENTRY_KEYS = ['index.html', 'src/app/start.tsx'];

const gzipKb = (file) => gzipSync(readFileSync(`${dist}${file}`)).length / 1024;
const fmt = (kb) => `${kb.toFixed(1).padStart(8)} KB`;

/** Files a chunk needs before it runs (static imports), and with its lazy pages too. */
function graph(key, withDynamic, seen = new Set()) {
  if (seen.has(key)) return seen;
  // A layout imports the start back; its lazy layouts are not the layout's own graph.
  if (withDynamic && ENTRY_KEYS.includes(key) && seen.size > 0) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const next of [
    ...(chunk.imports ?? []),
    ...(withDynamic ? (chunk.dynamicImports ?? []) : []),
  ]) {
    graph(next, withDynamic, seen);
  }
  return seen;
}
const filesOf = (keys) => [...keys].map((k) => manifest[k].file);
const cssOf = (keys) => [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];

const assets = new Set();
for (const chunk of Object.values(manifest)) {
  assets.add(chunk.file);
  for (const css of chunk.css ?? []) assets.add(css);
}
const rows = [...assets]
  .filter((f) => /\.(js|css)$/.test(f))
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb);

console.log('\nChunks (gzip):');
for (const { file, kb } of rows) console.log(`${fmt(kb)}  ${file}`);

const entryKey = 'index.html';
const entryGraph = new Set(
  ENTRY_KEYS.flatMap((key) => (manifest[key] ? [...graph(key, false)] : [])),
);
const entryFiles = [...filesOf(entryGraph), ...cssOf(entryGraph)];
const sum = (files) => files.reduce((total, f) => total + gzipKb(f), 0);
console.log('\nEntry chunk:');
console.log(`${fmt(gzipKb(manifest[entryKey].file))}  ${manifest[entryKey].file}`);
console.log(`${fmt(sum(entryFiles))}  entry and the start with their static imports and CSS`);

let failed = false;
const entryPackages = new Set(entryFiles.flatMap((f) => packagesOf[f] ?? []));
for (const library of ['antd', 'antd-mobile']) {
  if (entryPackages.has(library)) {
    console.error(`FAIL: the entry's static graph holds ${library}; it belongs in a layout chunk`);
    failed = true;
  }
}
for (const [name, { src, forbidden }] of Object.entries(LAYOUTS)) {
  const chunk = manifest[src];
  if (!chunk) {
    console.error(`\nNo chunk for the ${name} layout (${src}) in the manifest.`);
    failed = true;
    continue;
  }
  const shell = graph(src, false);
  const shellFiles = filesOf(shell).filter((f) => !entryFiles.includes(f));
  const shellCss = cssOf(shell).filter((f) => !entryFiles.includes(f));
  console.log(`\n${name} layout chunk:`);
  console.log(`${fmt(gzipKb(chunk.file))}  ${chunk.file}`);
  console.log(`${fmt(sum([...shellFiles, ...shellCss]))}  with what it loads beyond the entry`);
  const everything = filesOf(graph(src, true));
  const offenders = everything.filter((f) => (packagesOf[f] ?? []).includes(forbidden));
  if (offenders.length > 0) {
    console.error(
      `FAIL: the ${name} layout's chunk graph holds ${forbidden}: ${offenders.join(', ')}`,
    );
    failed = true;
  } else {
    console.log(`ok: no ${forbidden} anywhere in the ${name} layout's chunk graph`);
  }
}
if (failed) process.exit(1);
