import { describe, expect, it } from 'vitest'
import { maxFrames, parseStack } from './stack-frames.ts'

describe('parseStack', () => {
  it("reads Chrome's frames: named, anonymous, async, constructors, and places without a position", () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'odds')",
      '    at PickCard (https://picks.example/assets/pick-card-3f9a1c.js:12:345)',
      '    at https://picks.example/assets/index-abc123.js:1:2000',
      '    at async loadPicks (https://picks.example/assets/shop-page-D1.js?v=2:7:19)',
      '    at new OddsBoard (https://picks.example/assets/odds.js:3:4)',
      '    at Array.map (<anonymous>)',
      '    at Module.n [as showPick] (https://picks.example/assets/p.js:1:198)',
    ].join('\n')
    expect(parseStack(stack)).toEqual([
      { function: 'PickCard', file: 'https://picks.example/assets/pick-card-3f9a1c.js', line: 12, column: 345 },
      { function: null, file: 'https://picks.example/assets/index-abc123.js', line: 1, column: 2000 },
      { function: 'async loadPicks', file: 'https://picks.example/assets/shop-page-D1.js?v=2', line: 7, column: 19 },
      { function: 'new OddsBoard', file: 'https://picks.example/assets/odds.js', line: 3, column: 4 },
      { function: 'Array.map', file: '<anonymous>', line: null, column: null },
      { function: 'Module.n [as showPick]', file: 'https://picks.example/assets/p.js', line: 1, column: 198 },
    ])
  })

  it("reads Firefox's and Safari's frames: named, anonymous, nested names, global code and native code", () => {
    const firefox = [
      'describePick@https://picks.example/assets/pick-odds-Dw.js:1:119',
      'showPick/<@https://picks.example/assets/pick-odds-Dw.js:1:198',
      '@https://picks.example/assets/index-abc123.js:1:99',
    ].join('\n')
    expect(parseStack(firefox)).toEqual([
      { function: 'describePick', file: 'https://picks.example/assets/pick-odds-Dw.js', line: 1, column: 119 },
      { function: 'showPick/<', file: 'https://picks.example/assets/pick-odds-Dw.js', line: 1, column: 198 },
      { function: null, file: 'https://picks.example/assets/index-abc123.js', line: 1, column: 99 },
    ])
    const safari = ['forEach@[native code]', 'global code@https://picks.example/assets/index.js:4:12'].join('\n')
    expect(parseStack(safari)).toEqual([
      { function: 'forEach', file: '[native code]', line: null, column: null },
      { function: 'global code', file: 'https://picks.example/assets/index.js', line: 4, column: 12 },
    ])
  })

  it('skips what is not a frame: the message, text that starts with "at", an address in a message', () => {
    const stack = [
      'Error: could not reach sam@example.com',
      'at the second line of a message',
      '    at async Promise.all (index 0)',
      '    at f (https://picks.example/assets/a.js:2:3)',
    ].join('\n')
    expect(parseStack(stack)).toEqual([
      { function: 'f', file: 'https://picks.example/assets/a.js', line: 2, column: 3 },
    ])
  })

  it('gives no frame for no stack, and no position beyond what an integer holds', () => {
    expect(parseStack(null)).toEqual([])
    expect(parseStack(undefined)).toEqual([])
    expect(parseStack('')).toEqual([])
    expect(parseStack('    at f (https://picks.example/assets/a.js:99999999999999999999:1)')).toEqual([])
  })

  it(`reads at most ${maxFrames} frames of a deep recursion`, () => {
    const stack = Array.from({ length: 80 }, (_, i) => `    at walk (https://picks.example/assets/a.js:1:${i + 1})`)
    const frames = parseStack(stack.join('\n'))
    expect(frames).toHaveLength(maxFrames)
    expect(frames.at(-1)?.column).toBe(maxFrames)
  })
})
