import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startChild, waitForHttp, type NodeChild } from './children.ts'

/** Debian's nginx (`apt-get install -y nginx`). */
export const nginxBinary = '/usr/sbin/nginx'

export type NginxAvailability = { available: true; version: string } | { available: false; reason: string }

/** Whether nginx is installed, and which version (`nginx -v` writes it to stderr). */
export function nginxAvailability(): NginxAvailability {
  if (!existsSync(nginxBinary)) {
    return {
      available: false,
      reason: `nginx is not installed (${nginxBinary} missing): install Debian's package with \`apt-get install -y nginx\``,
    }
  }
  const run = spawnSync(nginxBinary, ['-v'], { encoding: 'utf8', timeout: 10_000 })
  if (run.status !== 0) return { available: false, reason: `${nginxBinary} -v failed: ${run.stderr || run.error}` }
  return { available: true, version: run.stderr.trim().replace(/^nginx version: /, '') }
}

/**
 * A load balancer's configuration on loopback: one worker process, no access log, every temporary
 * path inside `prefix`, round robin over `upstreamPorts` with idle keep-alive connections kept to
 * them (HTTP/1.1, the Connection header cleared), and the client's address passed on.
 */
export function nginxConfig(options: { prefix: string; port: number; upstreamPorts: number[]; user: string | null }) {
  const { prefix, port, upstreamPorts } = options
  const p = (name: string) => path.join(prefix, name)
  return `# Written by bench/lib/nginx.ts for one benchmark run.
${options.user ? `user ${options.user};\n` : ''}worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${p('client_body')};
  proxy_temp_path ${p('proxy')};
  fastcgi_temp_path ${p('fastcgi')};
  uwsgi_temp_path ${p('uwsgi')};
  scgi_temp_path ${p('scgi')};
  upstream api {
${upstreamPorts.map((u) => `    server 127.0.0.1:${u};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`
}

export interface RunningNginx {
  origin: string
  node: NodeChild
  stop(): Promise<void>
}

/**
 * Starts nginx in the foreground (`-g 'daemon off;'`, so it is our child and stops with the
 * benchmark) with a generated configuration in `prefix`, and waits until it answers `readyPath`
 * through the upstreams.
 */
export async function startNginx(options: {
  prefix: string
  port: number
  upstreamPorts: number[]
  readyPath: string
}): Promise<RunningNginx> {
  mkdirSync(options.prefix, { recursive: true })
  const conf = path.join(options.prefix, 'nginx.conf')
  // As root nginx would hand its workers to `nobody`, who cannot enter a private temp directory.
  const user = process.getuid?.() === 0 ? 'root' : null
  writeFileSync(conf, nginxConfig({ ...options, user }))
  // -e: the log of the start itself, before the configuration's error_log applies, inside the prefix too.
  const base = ['-p', options.prefix, '-c', conf, '-e', path.join(options.prefix, 'error.log')]
  execFileSync(nginxBinary, ['-t', '-q', ...base], { stdio: 'pipe' })
  const node = startChild(
    nginxBinary,
    [...base, '-g', 'daemon off;'],
    { PATH: process.env.PATH ?? '' },
    path.join(options.prefix, 'stdout.log'),
  )
  const origin = `http://127.0.0.1:${options.port}`
  await waitForHttp(`${origin}${options.readyPath}`, node, 20_000)
  return { origin, node, stop: () => node.stop() }
}
