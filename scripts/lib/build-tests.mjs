// Builds the test files once, so that each test process loads plain JavaScript instead of starting
// a TypeScript loader that transpiles and resolves the whole of shared/ again (the tsx loader's
// hooks cost one to two seconds per file, and there are about 150 files).
//
// One esbuild run over every test file: workspace code (@keyfob/*, relative imports) is bundled,
// shared modules go into common chunks (each written once), npm packages stay imports. Every
// `import.meta.url` keeps its source file's URL, so tests find their fixtures, examples and
// helper scripts exactly where they are.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * Where built tests go: under .tmp/, which git and every tool here ignore; one folder per run. Not under
 * node_modules: from Node 22 on, `node --test` skips files in node_modules even when named.
 */
const OUT = join('.tmp', 'keyfob-tests');

const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(build) {
    // npm packages load from node_modules at run time; workspace packages are TypeScript and bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@keyfob/') ? undefined : { external: true },
    );
    build.onLoad({ filter: /\.([cm]?ts|mjs)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const contents = text.includes('import.meta.url')
        ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        : text;
      return { contents, loader: args.path.endsWith('.mjs') ? 'js' : 'ts' };
    });
  },
};

/**
 * Builds `files` (paths relative to `root`) into a folder of this run's own, so runs side by side
 * never delete each other's files. Returns the built file of each, in the same order, and `remove`,
 * which deletes the folder. Throws with esbuild's messages when a test does not compile.
 */
export async function buildTests(root, files) {
  await removeAbandoned(join(root, OUT));
  const outdir = join(root, OUT, String(process.pid));
  await rm(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: files,
    outdir,
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [keepSourceUrls],
    logLevel: 'error',
  });
  return {
    built: files.map((file) => relative(root, join(outdir, file.replace(/\.ts$/, '.mjs')))),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}

/** Deletes the folders of runs that ended without cleaning up (interrupted): their process is gone. */
async function removeAbandoned(parent) {
  const entries = await readdir(parent).catch(() => []);
  for (const name of entries)
    if (!/^\d+$/.test(name) || !alive(Number(name))) await rm(join(parent, name), { recursive: true, force: true });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
