"""A private Tomcat 10.1 (own CATALINA_BASE, 127.0.0.1 only) and a private PostgreSQL 15."""
import os
import shutil
import subprocess
import threading
import time
import urllib.request

import machine

TOMCAT_HOME = "/usr/share/tomcat10"
PG_BIN = "/usr/lib/postgresql/15/bin"

# Tomcat's own defaults, which Spring Boot 3 keeps (threads.max 200, min-spare 10,
# accept-count 100, max-connections 8192, max-keep-alive-requests 100).
SPRING_DEFAULTS = {"maxThreads": 200, "minSpareThreads": 10, "acceptCount": 100,
                   "maxConnections": 8192, "maxKeepAliveRequests": 100, "connectionTimeout": 20000}

SERVER_XML = """<?xml version="1.0" encoding="UTF-8"?>
<Server port="-1" shutdown="SHUTDOWN">
  <Service name="Catalina">
    <Connector address="127.0.0.1" port="{port}" protocol="org.apache.coyote.http11.Http11NioProtocol"
               {attrs} />
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="false" autoDeploy="false" deployOnStartup="true" />
    </Engine>
  </Service>
</Server>
"""

LOGGING = """handlers = java.util.logging.ConsoleHandler
.level = INFO
java.util.logging.ConsoleHandler.level = INFO
"""

# The module openings catalina.sh adds on JDK 9+.
ADD_OPENS = ["--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
             "--add-opens=java.base/java.util=ALL-UNNAMED",
             "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
             "--add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED"]


class Tomcat:
    def __init__(self, java, base, webapp, port, virtual, connector=None, jvm_opts=(), sample_s=0.5):
        self.java, self.base, self.port, self.virtual = java, base, port, virtual
        self.attrs = dict(SPRING_DEFAULTS, **(connector or {}))
        if virtual:
            self.attrs["useVirtualThreads"] = "true"
        self.webapp, self.jvm_opts, self.sample_s = webapp, list(jvm_opts), sample_s
        self.proc, self.rss = None, []
        self._stop = threading.Event()

    @property
    def gc_log(self):
        return os.path.join(self.base, "gc.log")

    def _lay_out(self):
        shutil.rmtree(self.base, ignore_errors=True)
        for d in ("conf", "logs", "temp", "work", "webapps"):
            os.makedirs(os.path.join(self.base, d))
        attrs = " ".join(f'{k}="{v}"' for k, v in self.attrs.items())
        with open(os.path.join(self.base, "conf/server.xml"), "w") as f:
            f.write(SERVER_XML.format(port=self.port, attrs=attrs))
        with open(os.path.join(self.base, "conf/logging.properties"), "w") as f:
            f.write(LOGGING)
        shutil.copy(os.path.join(TOMCAT_HOME, "etc/web.xml"), os.path.join(self.base, "conf/web.xml"))
        shutil.copytree(self.webapp, os.path.join(self.base, "webapps/ROOT"))

    def command(self):
        cp = f"{TOMCAT_HOME}/bin/bootstrap.jar:{TOMCAT_HOME}/bin/tomcat-juli.jar"
        return [self.java, *ADD_OPENS, f"-Xlog:gc:file={self.gc_log}:time,uptime,level,tags",
                *self.jvm_opts, f"-Dcatalina.base={self.base}", f"-Dcatalina.home={TOMCAT_HOME}",
                f"-Djava.io.tmpdir={self.base}/temp",
                "-Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager",
                f"-Djava.util.logging.config.file={self.base}/conf/logging.properties",
                "-cp", cp, "org.apache.catalina.startup.Bootstrap", "start"]

    def start(self, timeout_s=60):
        self._lay_out()
        out = open(os.path.join(self.base, "logs/catalina.out"), "w")
        t0 = time.time()
        self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{self.port}/info"
        while time.time() - t0 < timeout_s:
            if self.proc.poll() is not None:
                raise RuntimeError(f"tomcat exited {self.proc.returncode}; see {self.base}/logs/catalina.out")
            try:
                body = urllib.request.urlopen(url, timeout=2).read().decode()
                self.started_s = round(time.time() - t0, 2)
                self.first_body = body.strip()
                want = "virtual=true" if self.virtual else "virtual=false"
                if want not in body:
                    raise RuntimeError(f"mode check failed: {body!r} lacks {want}")
                threading.Thread(target=self._sample, daemon=True).start()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("tomcat did not answer in time")

    def _sample(self):
        while not self._stop.is_set() and self.proc.poll() is None:
            v = machine.rss_kb(self.proc.pid)
            if v is not None:
                self.rss.append((time.time(), v))
            self._stop.wait(self.sample_s)

    def rss_between(self, t0, t1):
        vals = [v for t, v in self.rss if t0 <= t <= t1]
        return {"rss_kb_max": max(vals, default=None), "rss_kb_last": vals[-1] if vals else None}

    def stop(self):
        self._stop.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()  # Tomcat's shutdown hook stops the connector and the app
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Postgres:
    """PostgreSQL 15 in a private PGDATA, run as the postgres user (it refuses root)."""

    def __init__(self, base, port):
        self.base, self.port = base, port
        self.data = os.path.join(base, "pgdata")

    def _as_pg(self, *cmd, **kw):
        return subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True,
                              capture_output=True, text=True, **kw)

    def start(self):
        os.makedirs(self.base, exist_ok=True)
        shutil.chown(self.base, "postgres", "postgres")
        if not os.path.exists(os.path.join(self.data, "PG_VERSION")):
            self._as_pg(f"{PG_BIN}/initdb", "-D", self.data, "-A", "trust", "-U", "postgres")
        opts = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c max_connections=300"
        self._as_pg(f"{PG_BIN}/pg_ctl", "-D", self.data, "-l", os.path.join(self.base, "pg.log"),
                    "-o", opts, "-w", "start")
        return self

    def stop(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._as_pg(f"{PG_BIN}/pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
