// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { compositionLayers, moduleLayers, platformLayers } from './apps/api/module-layers.mjs'

const foldersIn = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  } catch {
    return []
  }
}

// Web features never import each other; pages are composed in app/.
const webFeatures = foldersIn('apps/web/src/features')
const webFeatureZones = webFeatures.flatMap((target) =>
  webFeatures
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./apps/web/src/features/${target}`,
      from: `./apps/web/src/features/${from}`,
      message: 'Web features do not import each other; compose them in src/app.',
    })),
)

// An API module reaches another module only through its service.
const apiModules = foldersIn('apps/api/src/modules')
const apiModuleZones = apiModules.flatMap((target) =>
  apiModules
    .filter((from) => from !== target)
    .map((from) => ({
      // Table files may reference other modules' tables for foreign keys; tests may read any table
      // to check what a request stored.
      target: `./apps/api/src/modules/${target}/**/!(*.table|*.test).ts`,
      from: `./apps/api/src/modules/${from}`,
      // The access guard is the auth module's other public face: every route's declarations use it.
      except: [`./${from}.service.ts`, ...(from === 'auth' ? ['./guard.ts'] : [])],
      message: `Reach the ${from} module through ${from}.service.ts.`,
    })),
)

// API modules see each other only in the directions of apps/api/module-layers.mjs, a table without
// cycles: a module imports the modules listed for it and the platform; nothing imports upwards.
// Each module folder is an element of its own type; the files at src/ and in jobs/ are told apart
// by category (the plugin's elements are folders).
const apiSrc = 'apps/api/src'
const moduleNames = [...new Set([...apiModules, ...Object.keys(moduleLayers)])]
const parts = {
  config: { element: { type: 'src' }, file: { categories: 'config' } },
  errors: { element: { type: 'src' }, file: { categories: 'errors' } },
  app: { element: { type: 'src' }, file: { categories: 'app' } },
  db: { element: { type: 'db' }, file: { categories: 'db' } },
  schema: { element: { type: 'db' }, file: { categories: 'schema' } },
  http: { element: { type: 'http' } },
  queue: { element: { type: 'jobs' }, file: { categories: 'queue' } },
  jobs: { element: { type: 'jobs' }, file: { categories: 'jobs' } },
  seed: { element: { type: 'seed' } },
}
const partsOf = (names) =>
  names.map((name) => {
    const selector = parts[name] ?? (moduleNames.includes(name) ? { element: { type: name } } : undefined)
    if (!selector) throw new Error(`module-layers.mjs names ${name}, which is neither a module nor a platform part`)
    return selector
  })
const platform = Object.keys(platformLayers)
const allow = (name, allowed) => ({ from: partsOf([name]), allow: { to: partsOf(allowed) } })
const moduleBoundaryPolicies = [
  ...Object.entries(moduleLayers).map(([name, allowed]) => allow(name, [...allowed, ...platform])),
  // A part that may import nothing has no policy: the rule's default refuses everything.
  ...Object.entries(platformLayers)
    .filter(([, allowed]) => allowed.length > 0)
    .map(([name, allowed]) => allow(name, allowed)),
  ...Object.entries(compositionLayers).map(([name, allowed]) => allow(name, [...moduleNames, ...platform, ...allowed])),
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-sourcemaps/**',
      '**/dist-bundle-test-*/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web',
              from: './apps/api',
              message: 'The web app never imports the API; share code through packages/contracts.',
            },
            {
              target: './apps/api',
              from: './apps/web',
              message: 'The API never imports the web app; share code through packages/contracts.',
            },
            { target: './packages/contracts', from: './apps', message: 'Contracts depend on nothing in the apps.' },
            ...webFeatureZones,
            ...apiModuleZones,
          ],
        },
      ],
    },
  },
  {
    // One guard owns every access rule (decision 017): no module asks for the admin role itself.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/auth/guard.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['left', 'right'].map((side) => ({
          selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.property.name='role'][${side === 'left' ? 'right' : 'left'}.value='admin']`,
          message:
            'Access rules live in modules/auth/guard.ts: declare config.access, or use canActFor, assertOwner or actsAsAdmin.',
        })),
      ],
    },
  },
  {
    // Module boundaries (apps/api/module-layers.mjs). Tests are left out: they may build the whole app
    // and read any table to check what a request stored.
    files: [`${apiSrc}/**/*.ts`],
    ignores: [`${apiSrc}/**/*.test.ts`, `${apiSrc}/**/*-test-support.ts`, `${apiSrc}/test/**`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        ...moduleNames.map((name) => ({ type: name, pattern: `${apiSrc}/modules/${name}`, partialMatch: false })),
        ...['db', 'http', 'jobs', 'seed', 'test'].map((type) => ({
          type,
          pattern: `${apiSrc}/${type}`,
          partialMatch: false,
        })),
        { type: 'src', pattern: apiSrc, partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'config', pattern: `${apiSrc}/config.ts` },
        { category: 'errors', pattern: `${apiSrc}/errors.ts` },
        { category: 'app', pattern: `${apiSrc}/*.ts` },
        { category: 'schema', pattern: `${apiSrc}/db/schema.ts` },
        { category: 'db', pattern: `${apiSrc}/db/*.ts` },
        { category: 'queue', pattern: `${apiSrc}/jobs/{queue,registry,scheduled}.ts` },
        { category: 'jobs', pattern: `${apiSrc}/jobs/*.ts` },
      ],
      'boundaries/files-single-match': true,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.element.types.[0]}}{{#if from.file.categories}} ({{from.file.categories.[0]}}){{/if}} may not import {{to.element.types.[0]}}{{#if to.file.categories}} ({{to.file.categories.[0]}}){{/if}}: the allowed directions are in apps/api/module-layers.mjs (a module imports the modules listed for it and the platform, never upwards).',
          policies: moduleBoundaryPolicies,
        },
      ],
    },
  },
  {
    // Components never call the API inline: each feature's data calls and query keys live in its api.ts.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api-client.ts'],
              importNames: ['api'],
              message: "Call the API from the feature's api.ts (with its query keys), not from a component.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Values come from the zod-free entry so that no schema library reaches the browser bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@picks/contracts',
              allowTypeImports: true,
              message: 'In the web app import values from @picks/contracts/client; the root entry carries zod.',
            },
          ],
        },
      ],
    },
  },
)
