import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { closeOnSignal, shutdownTimeoutMs } from './shutdown.ts'

/** A shutdown wired to fakes: signals from an emitter, exits recorded, the timer fired by hand. */
function harness(close: () => Promise<void>) {
  const signals = new EventEmitter()
  const exits: number[] = []
  const timers: { run: () => void; ms: number; unrefed: boolean }[] = []
  const logs: { level: 'info' | 'error'; msg: string | undefined }[] = []
  let closes = 0
  closeOnSignal(
    () => {
      closes++
      return close()
    },
    {
      info: (_obj: unknown, msg?: string) => logs.push({ level: 'info', msg }),
      error: (_obj: unknown, msg?: string) => logs.push({ level: 'error', msg }),
    },
    {
      signals,
      exit: (code) => exits.push(code),
      setTimer: (run, ms) => {
        const timer = { run, ms, unrefed: false }
        timers.push(timer)
        return { unref: () => (timer.unrefed = true) }
      },
    },
  )
  return { signals, exits, timers, logs, closes: () => closes }
}

/** Lets the close's promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('closeOnSignal', () => {
  it('closes once and exits with 0, however many signals come', async () => {
    let finish = () => {}
    const h = harness(() => new Promise<void>((resolve) => (finish = resolve)))
    h.signals.emit('SIGTERM')
    h.signals.emit('SIGINT')
    h.signals.emit('SIGTERM')
    expect(h.closes()).toBe(1)
    expect(h.timers).toHaveLength(1)
    expect(h.logs).toEqual([{ level: 'info', msg: 'shutting down' }])

    finish()
    await settle()
    expect(h.exits).toEqual([0])
  })

  it('gives a close that hangs the timeout, then exits with 1', async () => {
    const h = harness(() => new Promise<void>(() => {}))
    h.signals.emit('SIGINT')
    const [timer] = h.timers
    expect(timer?.ms).toBe(shutdownTimeoutMs)
    // The timer must not keep a process alive whose close has already finished.
    expect(timer?.unrefed).toBe(true)
    await settle()
    expect(h.exits).toEqual([])

    timer?.run()
    expect(h.exits).toEqual([1])
    expect(h.logs.at(-1)).toEqual({ level: 'error', msg: 'shutdown took longer than 15 s; exiting' })
  })

  it('exits with 1 when closing fails', async () => {
    const h = harness(() => Promise.reject(new Error('database would not close')))
    h.signals.emit('SIGTERM')
    await settle()
    expect(h.exits).toEqual([1])
    expect(h.logs.at(-1)).toEqual({ level: 'error', msg: 'error while shutting down' })
  })

  it('does not exit a second time when a late close ends after the timeout', async () => {
    let finish = () => {}
    const h = harness(() => new Promise<void>((resolve) => (finish = resolve)))
    h.signals.emit('SIGTERM')
    h.timers[0]?.run()
    finish()
    await settle()
    expect(h.exits).toEqual([1])
  })
})
