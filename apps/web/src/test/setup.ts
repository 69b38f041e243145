import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// `findBy…` and `waitFor` wait for a positive signal; the bound only decides how long a failing
// test takes. Testing Library's 1 s default was too short when a route's lazy chunk is first
// transformed on a loaded 2-core machine (CI runs the suites beside other work).
configure({ asyncUtilTimeout: 5_000 })

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
