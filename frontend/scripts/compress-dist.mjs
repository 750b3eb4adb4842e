// Writes brotli (.br) and gzip (.gz) copies beside the built files that are worth compressing, so the
// server can send them as they are to clients that accept them (`npm run build` runs it after Vite).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ico|woff|ttf)$/;
const minBytes = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const path of files(root)) {
  if (!compressible.test(path) || (await stat(path)).size < minBytes) continue;
  const data = await readFile(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = gzipSync(data, { level: 9 });
  // A copy that saves nothing is not worth a second request path.
  if (br.length < data.length) await writeFile(`${path}.br`, br);
  if (gz.length < data.length) await writeFile(`${path}.gz`, gz);
  count++;
  before += data.length;
  after += br.length;
}
console.log(`compressed ${count} files: ${Math.round(before / 1024)} kB, ${Math.round(after / 1024)} kB as brotli`);
