import { build, type Plugin } from 'esbuild'
import path from 'node:path'
import { apiRoot } from './config.ts'

/**
 * `npm run build -w @picks/api`, first step: the server as one JavaScript file
 * (`apps/api/dist/server.js`, what `npm start` runs), so a start loads plain JavaScript instead of
 * compiling about 300 TypeScript files through tsx: the largest share of a first start (decision
 * 048). The installed packages stay outside the bundle and load as they do from source; the
 * workspace's own TypeScript packages (`@picks/…`) are bundled, since Node does not run TypeScript.
 */
const serverEntries = { server: 'src/server.ts' } as const

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
  await build({
    absWorkingDir: apiRoot,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Names stay as written: error reports and logs name the functions as the source does.
    keepNames: true,
    plugins: [packagesOutside],
    logLevel: 'warning',
  })
}
