// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

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

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
