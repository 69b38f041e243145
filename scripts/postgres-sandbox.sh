#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL cluster on loopback for tests and benchmarks.
#   scripts/postgres-sandbox.sh start [DIR] [PORT]  -> prints the connection URL
#   scripts/postgres-sandbox.sh stop  [DIR]
# Runs the server as the `postgres` system user when invoked as root (PostgreSQL refuses root).
set -euo pipefail
action=${1:-start}
dir=${2:-/tmp/picks-postgres}
port=${3:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$action" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
      as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --no-instructions >/dev/null
    fi
    if ! as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: $0 start|stop [DIR] [PORT]" >&2
    exit 2
    ;;
esac
