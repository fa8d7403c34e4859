#!/usr/bin/env bash
# The real-JVM reference suite: bash reference/run.sh [--quick] [--only ITEMS] [--out DIR]
# Installs what it needs (idempotent), then measures Tomcat 10.1 on Temurin 21 and 25 on this
# machine, one bounded load at a time, on 127.0.0.1 only. Not part of CI.
set -euo pipefail
REF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$REF/lib/setup.sh"
# Every server the suite starts is its own child; on any exit stop whatever is left.
cleanup() {
  local pids
  pids="$(pgrep -P $$ 2>/dev/null || true)"
  [[ -n "$pids" ]] && kill $pids 2>/dev/null || true
  if [[ -f "$REF/.cache/run/pg/pgdata/postmaster.pid" ]]; then
    runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D "$REF/.cache/run/pg/pgdata" -m fast -w stop >/dev/null || true
  fi
  pkill_tomcats
}
pkill_tomcats() {
  # Tomcats of this suite only: match our private CATALINA_BASE, by pid.
  local p
  for p in $(pgrep -f -- "-Dcatalina.base=$REF/.cache/run/" 2>/dev/null || true); do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
python3 "$REF/lib/suite.py" "$@"
