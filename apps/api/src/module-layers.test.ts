import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compositionLayers, moduleLayers, platformLayers } from '../module-layers.mjs'

type Layers = Readonly<Record<string, readonly string[]>>

/** A cycle in `graph` as the path that closes it (`a → b → a`), or null when there is none. */
function findCycle(graph: Layers): string | null {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (node: string): string | null => {
    const start = path.indexOf(node)
    if (start >= 0) return [...path.slice(start), node].join(' → ')
    if (done.has(node)) return null
    path.push(node)
    for (const next of graph[node] ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    done.add(node)
    return null
  }
  for (const node of Object.keys(graph)) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

/** Every edge the boundary rule allows: modules also reach the platform, composition reaches everything. */
function allowedImports(): Layers {
  const modules = Object.keys(moduleLayers)
  const platform = Object.keys(platformLayers)
  return {
    ...Object.fromEntries(Object.entries(moduleLayers).map(([name, allowed]) => [name, [...allowed, ...platform]])),
    ...platformLayers,
    ...Object.fromEntries(
      Object.entries(compositionLayers).map(([name, allowed]) => [name, [...modules, ...platform, ...allowed]]),
    ),
  }
}

const moduleFolders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('the module layers (module-layers.mjs, enforced by boundaries/dependencies)', () => {
  it('have no cycle', () => {
    expect(findCycle(allowedImports()), 'the allowed imports go round in a cycle').toBeNull()
  })

  it('give every folder under modules/ an entry', () => {
    expect(moduleFolders.filter((name) => !(name in moduleLayers))).toEqual([])
  })

  it('name only modules and parts that exist in the table', () => {
    const known = new Set([...Object.keys(allowedImports())])
    const unknown = Object.entries(allowedImports()).flatMap(([name, allowed]) =>
      allowed.filter((target) => !known.has(target)).map((target) => `${name} → ${target}`),
    )
    expect(unknown).toEqual([])
  })

  it('would name a cycle', () => {
    expect(findCycle({ purchases: ['payouts'], payouts: ['ledger'], ledger: ['purchases'], odds: [] })).toBe(
      'purchases → payouts → ledger → purchases',
    )
    expect(findCycle({ users: ['auth'], auth: ['notifications'], notifications: [] })).toBeNull()
  })

  it('are the ones docs/architecture.md draws', () => {
    // The modules table's rows: | `name` | owns … | may import (comma-separated, or — for none) |
    const page = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')
    const drawn = Object.fromEntries(
      [...page.matchAll(/^\| `([a-z-]+)` +\|[^\n]*\| ([a-z, —-]+?) *\|$/gm)].map(([, name, imports]) => [
        name,
        imports === '—' ? [] : imports!.split(', ').sort(),
      ]),
    )
    const enforced = Object.fromEntries(
      Object.entries(moduleLayers).map(([name, allowed]) => [name, [...allowed].sort()]),
    )
    expect(drawn).toEqual(enforced)
  })
})
