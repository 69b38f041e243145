import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'

/**
 * Where a machine's CPU time goes while a benchmark runs, from /proc (Linux): per process (user +
 * system time) and for the whole machine (busy and total time of every core).
 */

let ticksPerSecond: number | null = null

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    } catch {
      ticksPerSecond = 100
    }
  }
  return ticksPerSecond
}

interface ProcStat {
  pid: number
  comm: string
  ppid: number
  /** utime + stime, ms */
  cpuMs: number
}

function procStat(pid: number): ProcStat | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // "pid (comm) state ppid ..." — comm may hold spaces and parentheses: split after the last ')'.
  const close = text.lastIndexOf(')')
  const comm = text.slice(text.indexOf('(') + 1, close)
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ')
  // After the comm: state is field 3 (index 0 here), ppid 4, utime 14, stime 15.
  const ppid = Number(fields[1])
  const ticks = Number(fields[11]) + Number(fields[12])
  return { pid, comm, ppid, cpuMs: (ticks * 1000) / clockTicks() }
}

function allProcesses(): ProcStat[] {
  const out: ProcStat[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = procStat(Number(name))
    if (stat) out.push(stat)
  }
  return out
}

/**
 * The PostgreSQL server listening on `port` (its postmaster: a `postgres` process whose parent is
 * not one, whose data directory's postmaster.pid names that port), so that its backends are counted
 * and other clusters on the machine are not. Null when not found (not ours to read, say).
 */
export function postmasterPid(port: number): number | null {
  const processes = allProcesses()
  const postgres = new Set(processes.filter((p) => p.comm === 'postgres').map((p) => p.pid))
  for (const p of processes) {
    if (!postgres.has(p.pid) || postgres.has(p.ppid)) continue
    try {
      const dataDir = readlinkSync(`/proc/${p.pid}/cwd`)
      const lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')
      if (Number(lines[0]) === p.pid && Number(lines[3]) === port) return p.pid
    } catch {
      /* another user's process, or gone */
    }
  }
  return null
}

/** The groups of processes whose CPU is counted: named pids (and their children), and PostgreSQL's processes by name. */
export interface CpuGroups {
  [group: string]: { pids: number[]; withChildren?: boolean } | { comm: string }
}

export interface CpuSnapshot {
  at: number
  groups: Record<string, number>
  machineBusyMs: number
  machineTotalMs: number
}

function machineTimes(): { busyMs: number; totalMs: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const values = line.trim().split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0)
  const idle = (values[3] ?? 0) + (values[4] ?? 0)
  const toMs = (ticks: number) => (ticks * 1000) / clockTicks()
  return { busyMs: toMs(total - idle), totalMs: toMs(total) }
}

export function cpuSnapshot(groups: CpuGroups): CpuSnapshot {
  const processes = allProcesses()
  const out: Record<string, number> = {}
  for (const [name, group] of Object.entries(groups)) {
    if ('comm' in group) {
      out[name] = processes.filter((p) => p.comm === group.comm).reduce((a, p) => a + p.cpuMs, 0)
    } else {
      const pids = new Set(group.pids)
      if (group.withChildren) for (const p of processes) if (pids.has(p.ppid)) pids.add(p.pid)
      out[name] = processes.filter((p) => pids.has(p.pid)).reduce((a, p) => a + p.cpuMs, 0)
    }
  }
  const machine = machineTimes()
  return { at: performance.now(), groups: out, machineBusyMs: machine.busyMs, machineTotalMs: machine.totalMs }
}

export interface CpuUse {
  wallMs: number
  /** CPU ms per group over the window (a process that ended inside it loses its share). */
  groups: Record<string, number>
  /** Busy share of all cores over the window, 0..1. */
  machineBusy: number
  /** Cores' worth of CPU busy on average (machineBusy × cores). */
  busyCores: number
}

export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const groups: Record<string, number> = {}
  for (const name of Object.keys(after.groups)) {
    groups[name] = Math.max(0, (after.groups[name] ?? 0) - (before.groups[name] ?? 0))
  }
  const total = after.machineTotalMs - before.machineTotalMs
  const busy = after.machineBusyMs - before.machineBusyMs
  const wallMs = after.at - before.at
  return {
    wallMs,
    groups,
    machineBusy: total > 0 ? busy / total : 0,
    busyCores: wallMs > 0 ? busy / wallMs : 0,
  }
}
