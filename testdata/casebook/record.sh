#!/usr/bin/env bash
# Records the case book's GC logs: each lab scenario runs as a real JVM under its own JVM flags
# with -Xlog:gc*, loaded at its own load for a bounded time on 127.0.0.1, then stopped. The logs
# are kept in this directory (the case book test reads them; it does not run the lab).
# Usage: testdata/casebook/record.sh [SECONDS] [SCENARIO...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
secs="${1:-60}"; shift || true
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(api survivor-overflow session-leak xml-lock cache-churn metaspace-boot cpu-bound io-bound heap-too-small)
port=18181
for s in "${scenarios[@]}"; do
  port=$((port + 1))
  log="$here/$s.log"
  rm -f "$log"
  echo "recording $s for ${secs}s on 127.0.0.1:$port" >&2
  "$root/jtune" lab --scenario "$s" --port "$port" \
      --jvm-flags "-Xlog:gc*,safepoint:file=$log:time,uptime,level,tags" >"$here/$s.lab.out" 2>&1 &
  lab=$!
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/stats" >/dev/null 2>&1 && break
    sleep 0.2
  done
  load="$("$root/jtune" lab --scenario "$s" --print | sed -n 's/^load *//p')"
  args=(--quiet --duration "${secs}s" --warmup 2s --timeout 5s)
  case "$load" in
    rate=*) r="${load#rate=}"; r="${r%%/s*}"; c="$(echo "$load" | sed -n 's/.*connections=\([0-9]*\).*/\1/p')"
            args+=(--rate "$r" --concurrency "${c:-4}") ;;
    concurrency=*) c="${load#concurrency=}"; c="${c%% *}"; args+=(--concurrency "$c") ;;
  esac
  if [ "$s" = xml-lock ]; then
    (sleep $((secs / 2)); pid="$(pgrep -f "jtune-lab.jar --scenario xml-lock" | head -1)"; [ -n "$pid" ] && jcmd "$pid" Thread.print -l > "$here/$s.threads.txt") &
  fi
  "$root/jtune" load "${args[@]}" "http://127.0.0.1:$port/scenario" > "$here/$s.load.txt" 2>&1 || true
  kill "$lab" 2>/dev/null || true
  wait "$lab" 2>/dev/null || true
  rm -f "$here/$s.lab.out"
  wait
done
