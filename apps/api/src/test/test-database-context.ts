/** What the global setup hands every API test file: where the migrated template lives. */
export type TestDatabaseTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; templateName: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
