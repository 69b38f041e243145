// Prints one closing line, "N passed, N failed", summed over Vitest and Playwright JSON reports.
import { readFileSync } from 'node:fs'
import process from 'node:process'

let passed = 0
let failed = 0
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests
    failed += report.numFailedTests
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
  } else {
    throw new Error(`${file} is not a Vitest or Playwright JSON report`)
  }
}
process.stdout.write(`${passed} passed, ${failed} failed\n`)
process.exit(failed > 0 ? 1 : 0)
