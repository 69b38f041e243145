import { build, type Plugin } from 'esbuild'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { apiRoot } from './config.ts'

/**
 * `npm run build -w @picks/api`, first step: the server as one JavaScript file
 * (`apps/api/dist/server.js`, what `npm start` runs), so a start loads plain JavaScript instead of
 * compiling about 300 TypeScript files through tsx: the largest share of a first start (decision
 * 048). The installed packages stay outside the bundle and load as they do from source; the
 * workspace's own TypeScript packages (`@picks/…`) are bundled, since Node does not run TypeScript.
 *
 * The bundle is split where server.ts imports the rest of the server (`import('./start.ts')`), so
 * `server.js` itself loads only the configuration and starts a first start's database copy before
 * the packages load. Its chunks sit beside it (`dist/server-chunk-*.js`): `apiRoot` is found as
 * the folder above the running file (config.ts), whichever chunk holds it.
 */
const serverEntries = { server: 'src/server.ts' } as const
const chunkPrefix = 'server-chunk-'

const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    // A bare specifier (not relative, not absolute) that is not one of the workspace's own.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@picks/') ? undefined : { path: args.path, external: true },
    )
  },
}

export async function buildServer(outdir = path.join(apiRoot, 'dist')): Promise<void> {
  // The chunks of an earlier build (their names change with their content).
  if (existsSync(outdir)) {
    for (const file of readdirSync(outdir)) {
      if (file.startsWith(chunkPrefix)) rmSync(path.join(outdir, file))
    }
  }
  await build({
    absWorkingDir: apiRoot,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    chunkNames: `${chunkPrefix}[hash]`,
    target: 'node20.19',
    sourcemap: 'linked',
    // Names stay as written: error reports and logs name the functions as the source does.
    keepNames: true,
    plugins: [packagesOutside],
    logLevel: 'warning',
  })
}
