package threadlab.ref;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The jdkclient item: client-side cost per call of a synchronous HTTP/1.1 call made from
 * virtual threads, with java.net.http.HttpClient on its default executor (a cached pool of
 * platform threads, HttpClient-N-Worker-M), with HttpClient on
 * Executors.newVirtualThreadPerTaskExecutor(), and with HttpURLConnection (keep-alive on).
 * C virtual threads call in a closed loop; a warm-up, then N measured calls. Prints one JSON
 * line: wall time, calls/s, this JVM's CPU per call, platform threads started, HttpClient
 * worker threads, context switches and run-queue wait (/proc/self/task), latency over the
 * downstream's sleep. The downstream (another process) may be named by -Dthreadlab.peerPid
 * so that its CPU over the same window is reported beside, never counted in, the client's.
 */
final class JdkClient {
    private static final long PHASE_LIMIT_NS = 55_000_000_000L;
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final Pattern WORKER = Pattern.compile("HttpClient-\\d+-Worker-\\d+");

    private JdkClient() {}

    /** One call: returns the body; throws on anything but a 200. */
    private interface Caller {
        String call() throws Exception;
    }

    static void run(String[] a, int variantAt) throws Exception {
        String variant = a[variantAt];
        int c = Bench.arg(a, variantAt + 1, 1, 10_000);
        int n = Bench.arg(a, variantAt + 2, 1, 200_000);
        String url = a.length > variantAt + 3 ? a[variantAt + 3] : "";
        int warm = a.length > variantAt + 4 ? Bench.arg(a, variantAt + 4, 0, 200_000) : 3000;
        URI uri = URI.create(url);
        if (!"http".equals(uri.getScheme()) || !"127.0.0.1".equals(uri.getHost())) {
            throw new IllegalArgumentException("loads target http://127.0.0.1 only: " + url);
        }
        long sleepMs = queryLong(uri, "ms");
        Caller caller;
        switch (variant) {
            case "default": caller = httpClient(uri, HttpClient.newBuilder()); break;
            case "virtual": caller = httpClient(uri, HttpClient.newBuilder().executor(newVirtualThreadPerTaskExecutor())); break;
            case "urlconnection": caller = urlConnection(uri.toURL()); break;
            default: throw new IllegalArgumentException("variant must be default|virtual|urlconnection: " + variant);
        }
        Phase w = phase(caller, c, warm, false);
        if (w.errors.get() > 0 && w.done.get() == 0) {
            System.err.println("warm-up: every call failed: " + w.firstError.get());
        }

        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long peerPid = Long.getLong("threadlab.peerPid", -1L);
        System.gc(); // the warm-up's garbage is not the measured calls' cost
        Map<Long, JThread> jt0 = javaThreads(mx);
        Map<Integer, Task> tasks0 = tasks();
        long[] gc0 = gc();
        long jit0 = jitMs();
        long opens0 = activeOpens();
        long overflows0 = listenOverflows();
        long[] machine0 = machineJiffies();
        long peer0 = peerPid > 0 ? pidTicks(peerPid) : -1;
        long self0 = pidTicks(-1);
        long started0 = mx.getTotalStartedThreadCount();
        mx.resetPeakThreadCount();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();

        Phase m = phase(caller, c, n, true);

        long t1 = System.nanoTime();
        long cpu1 = os.getProcessCpuTime();
        long started1 = mx.getTotalStartedThreadCount();
        int peak = mx.getPeakThreadCount();
        long self1 = pidTicks(-1);
        long peer1 = peerPid > 0 ? pidTicks(peerPid) : -1;
        long[] machine1 = machineJiffies();
        long opens1 = activeOpens();
        long overflows1 = listenOverflows();
        long jit1 = jitMs();
        long[] gc1 = gc();
        Map<Integer, Task> tasks1 = tasks();
        Map<Long, JThread> jt1 = javaThreads(mx);

        int calls = m.done.get();
        double wall = (t1 - t0) / 1e9;
        double per = Math.max(1, calls);
        // Latency over the downstream's sleep, successful calls only.
        long[] over = new long[calls];
        int k = 0;
        for (long v : m.lat) {
            if (v > 0 && k < over.length) {
                over[k++] = v - sleepMs * 1_000_000L;
            }
        }
        long[] overOk = java.util.Arrays.copyOf(over, k);

        // HttpClient worker threads: alive at the end, new in the window, or with CPU in it.
        int workersEnd = 0;
        int workersNew = 0;
        int workersActive = 0;
        for (Map.Entry<Long, JThread> e : jt1.entrySet()) {
            if (!WORKER.matcher(e.getValue().name).matches()) {
                continue;
            }
            workersEnd++;
            JThread before = jt0.get(e.getKey());
            if (before == null) {
                workersNew++;
            }
            if (before == null || e.getValue().cpuNs > before.cpuNs) {
                workersActive++;
            }
        }
        int workersBefore = 0;
        for (JThread t : jt0.values()) {
            if (WORKER.matcher(t.name).matches()) {
                workersBefore++;
            }
        }

        // Per thread (from /proc/self/task): CPU, run-queue wait and context switches in the window,
        // grouped by the kernel's name with digits as N. Threads that ended inside are missed.
        long vol = 0;
        long invol = 0;
        long runNs = 0;
        long waitNs = 0;
        long jitNs = 0;
        int exited = 0;
        Map<String, long[]> groups = new TreeMap<>();
        for (Map.Entry<Integer, Task> e : tasks1.entrySet()) {
            Task b = tasks0.getOrDefault(e.getKey(), Task.ZERO);
            Task x = e.getValue();
            long dv = x.vol - b.vol;
            long di = x.invol - b.invol;
            long dr = x.runNs - b.runNs;
            long dw = x.waitNs - b.waitNs;
            vol += dv;
            invol += di;
            runNs += dr;
            waitNs += dw;
            if (x.comm.contains("CompilerThre")) {
                jitNs += dr;
            }
            long[] g = groups.computeIfAbsent(x.comm.replaceAll("\\d+", "N"), s -> new long[4]);
            g[0] += dr;
            g[1] += dv + di;
            g[2] += dw;
            g[3] += 1;
        }
        for (Integer tid : tasks0.keySet()) {
            if (!tasks1.containsKey(tid)) {
                exited++;
            }
        }
        StringBuilder byGroup = new StringBuilder("{");
        for (Map.Entry<String, long[]> e : groups.entrySet()) {
            long[] g = e.getValue();
            if (g[0] == 0 && g[1] == 0) {
                continue;
            }
            if (byGroup.length() > 1) {
                byGroup.append(',');
            }
            byGroup.append(String.format(Locale.ROOT,
                    "\"%s\":{\"threads\":%d,\"cpu_us_per_call\":%.2f,\"ctx_per_call\":%.3f,\"runq_wait_us_per_call\":%.2f}",
                    esc(e.getKey()), g[3], g[0] / 1e3 / per, g[1] / per, g[2] / 1e3 / per));
        }
        byGroup.append('}');
        StringBuilder names = new StringBuilder("{");
        Map<String, Integer> nameGroups = new TreeMap<>();
        for (JThread t : jt1.values()) {
            nameGroups.merge(t.name.replaceAll("\\d+", "N"), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : nameGroups.entrySet()) {
            if (names.length() > 1) {
                names.append(',');
            }
            names.append('"').append(esc(e.getKey())).append("\":").append(e.getValue());
        }
        names.append('}');

        long machineBusy = machine1[0] - machine0[0];
        String out = String.format(Locale.ROOT,
                "{\"bench\":\"jdkclient\",\"java\":\"%s\",\"variant\":\"%s\",\"concurrency\":%d,\"calls_asked\":%d,"
                        + "\"calls\":%d,\"errors\":%d,\"first_error\":\"%s\",\"stopped_at_limit\":%b,"
                        + "\"warmup_calls\":%d,\"warmup_errors\":%d,\"warmup_s\":%.3f,\"url\":\"%s\",\"sleep_ms\":%d,"
                        + "\"wall_s\":%.3f,\"calls_per_s\":%.1f,"
                        + "\"cpu_s\":%.4f,\"cpu_us_per_call\":%.2f,\"cpu_proc_stat_us_per_call\":%.2f,"
                        + "\"cores_busy\":%.3f,"
                        + "\"threads_started\":%d,\"threads_started_per_1000\":%.3f,\"peak_platform_threads\":%d,"
                        + "\"live_platform_threads_end\":%d,"
                        + "\"httpclient_workers_before\":%d,\"httpclient_workers_end\":%d,\"httpclient_workers_new\":%d,"
                        + "\"httpclient_workers_active\":%d,"
                        + "\"ctx_voluntary\":%d,\"ctx_involuntary\":%d,\"ctx_per_call\":%.3f,"
                        + "\"task_cpu_us_per_call\":%.2f,\"task_cpu_without_jit_us_per_call\":%.2f,\"runq_wait_us_per_call\":%.2f,\"tasks_exited_in_window\":%d,"
                        + "\"gc_count\":%d,\"gc_ms\":%d,\"jit_ms\":%d,\"tcp_active_opens\":%d,"
                        + "\"tcp_active_opens_per_1000\":%.2f,\"tcp_listen_overflows\":%d,"
                        + "\"peer_pid\":%d,\"peer_cpu_us_per_call\":%s,\"machine_busy_us_per_call\":%.2f,"
                        + "\"machine_busy_cores\":%.3f,"
                        + "\"latency_over_sleep\":%s,\"by_thread_group\":%s,\"platform_threads_end\":%s,"
                        + "\"body\":\"%s\"}",
                System.getProperty("java.runtime.version"), variant, c, n, calls, m.errors.get(),
                esc(String.valueOf(m.firstError.get())), m.stopped, w.done.get(), w.errors.get(), w.seconds,
                esc(url), sleepMs, wall, calls / wall,
                (cpu1 - cpu0) / 1e9, (cpu1 - cpu0) / 1e3 / per, (self1 - self0) * 10_000.0 / per,
                (cpu1 - cpu0) / 1e9 / wall,
                started1 - started0, 1000.0 * (started1 - started0) / per, peak, jt1.size(),
                workersBefore, workersEnd, workersNew, workersActive,
                vol, invol, (vol + invol) / per,
                runNs / 1e3 / per, (runNs - jitNs) / 1e3 / per, waitNs / 1e3 / per, exited,
                gc1[0] - gc0[0], gc1[1] - gc0[1], jit1 - jit0, opens1 - opens0, 1000.0 * (opens1 - opens0) / per,
                overflows1 - overflows0,
                peerPid, peer0 >= 0 && peer1 >= 0 ? String.format(Locale.ROOT, "%.2f", (peer1 - peer0) * 10_000.0 / per) : "null",
                machineBusy * 10_000.0 / per, machineBusy / 100.0 / wall,
                Stats.json(overOk), byGroup, names, esc(String.valueOf(m.body.get()).trim()));
        System.out.println(out);
        System.out.flush();
    }

    // ---- the three callers ----

    private static Caller httpClient(URI uri, HttpClient.Builder b) {
        HttpClient client = b.version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
        return () -> {
            HttpRequest req = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
            HttpResponse<String> r = client.send(req, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("status " + r.statusCode());
            }
            return r.body();
        };
    }

    private static Caller urlConnection(URL u) {
        return () -> {
            HttpURLConnection con = (HttpURLConnection) u.openConnection();
            con.setConnectTimeout((int) TIMEOUT.toMillis());
            con.setReadTimeout((int) TIMEOUT.toMillis());
            int code = con.getResponseCode();
            InputStream in = code >= 400 ? con.getErrorStream() : con.getInputStream();
            byte[] body;
            try (InputStream s = in) {
                body = s == null ? new byte[0] : s.readAllBytes(); // read fully: the connection goes back to the keep-alive cache
            }
            if (code != 200) {
                throw new IOException("status " + code);
            }
            return new String(body, StandardCharsets.UTF_8);
        };
    }

    private static ExecutorService newVirtualThreadPerTaskExecutor() {
        try {
            MethodHandle h = MethodHandles.publicLookup().findStatic(java.util.concurrent.Executors.class,
                    "newVirtualThreadPerTaskExecutor", MethodType.methodType(ExecutorService.class));
            return (ExecutorService) h.invoke();
        } catch (Throwable t) {
            throw new IllegalStateException("needs JDK 21+: " + t, t);
        }
    }

    // ---- the closed loop ----

    private static final class Phase {
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        final AtomicInteger errors = new AtomicInteger();
        final AtomicReference<String> firstError = new AtomicReference<>();
        final AtomicReference<String> body = new AtomicReference<>();
        long[] lat;
        boolean stopped;
        double seconds;
    }

    /** c virtual threads take tickets until n are taken or the phase's time limit passes. */
    private static Phase phase(Caller caller, int c, int n, boolean record) throws InterruptedException {
        Phase p = new Phase();
        p.lat = new long[record ? n : 0];
        long start = System.nanoTime();
        long limit = start + PHASE_LIMIT_NS;
        List<Thread> ts = new ArrayList<>(c);
        for (int i = 0; i < c; i++) {
            ts.add(VT.unstarted(() -> {
                int t;
                while ((t = p.next.getAndIncrement()) < n) {
                    if (System.nanoTime() > limit) {
                        p.stopped = true;
                        return;
                    }
                    long t0 = System.nanoTime();
                    try {
                        String b = caller.call();
                        long d = System.nanoTime() - t0;
                        if (record) {
                            p.lat[t] = d;
                        }
                        p.done.incrementAndGet();
                        if (p.body.get() == null) {
                            p.body.compareAndSet(null, b);
                        }
                    } catch (Exception e) {
                        p.errors.incrementAndGet();
                        p.firstError.compareAndSet(null, e.toString());
                    }
                }
            }));
        }
        for (Thread t : ts) {
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        p.seconds = (System.nanoTime() - start) / 1e9;
        return p;
    }

    // ---- what the window reads ----

    private static final class JThread {
        final String name;
        final long cpuNs;

        JThread(String name, long cpuNs) {
            this.name = name;
            this.cpuNs = cpuNs;
        }
    }

    /** Live platform threads (ThreadMXBean sees no virtual threads): name and CPU so far. */
    private static Map<Long, JThread> javaThreads(ThreadMXBean mx) {
        Map<Long, JThread> out = new HashMap<>();
        long[] ids = mx.getAllThreadIds();
        ThreadInfo[] infos = mx.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++) {
            if (infos[i] != null) {
                out.put(ids[i], new JThread(infos[i].getThreadName(), mx.getThreadCpuTime(ids[i])));
            }
        }
        return out;
    }

    private static final class Task {
        static final Task ZERO = new Task("", 0, 0, 0, 0);
        final String comm;
        final long vol;
        final long invol;
        final long runNs;
        final long waitNs;

        Task(String comm, long vol, long invol, long runNs, long waitNs) {
            this.comm = comm;
            this.vol = vol;
            this.invol = invol;
            this.runNs = runNs;
            this.waitNs = waitNs;
        }
    }

    /** Every kernel thread of this JVM (GC and JIT threads too): context switches and schedstat. */
    private static Map<Integer, Task> tasks() {
        Map<Integer, Task> out = new HashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Paths.get("/proc/self/task"))) {
            for (Path d : ds) {
                try {
                    String comm = Files.readString(d.resolve("comm")).trim();
                    long vol = 0;
                    long invol = 0;
                    for (String ln : Files.readAllLines(d.resolve("status"))) {
                        if (ln.startsWith("voluntary_ctxt_switches:")) {
                            vol = Long.parseLong(ln.substring(ln.indexOf(':') + 1).trim());
                        } else if (ln.startsWith("nonvoluntary_ctxt_switches:")) {
                            invol = Long.parseLong(ln.substring(ln.indexOf(':') + 1).trim());
                        }
                    }
                    String[] ss = Files.readString(d.resolve("schedstat")).trim().split("\\s+");
                    out.put(Integer.parseInt(d.getFileName().toString()),
                            new Task(comm, vol, invol, Long.parseLong(ss[0]), Long.parseLong(ss[1])));
                } catch (IOException | RuntimeException e) {
                    // the thread ended while being read
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /** utime + stime in clock ticks (USER_HZ, 100 on Linux) of this JVM (pid < 0) or of pid. */
    private static long pidTicks(long pid) {
        try {
            String s = Files.readString(Paths.get(pid < 0 ? "/proc/self/stat" : "/proc/" + pid + "/stat"));
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The machine's busy jiffies (all CPUs: total minus idle and iowait) from /proc/stat. */
    private static long[] machineJiffies() {
        try {
            String[] f = Files.readAllLines(Paths.get("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                total += Long.parseLong(f[i]);
            }
            return new long[] {total - Long.parseLong(f[4]) - Long.parseLong(f[5]), total};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    /** Tcp ActiveOpens: connections opened in this network namespace (/proc/net/snmp). */
    private static long activeOpens() {
        return netCounter("/proc/net/snmp", "Tcp:", "ActiveOpens");
    }

    /** TcpExt ListenOverflows: SYNs or ACKs dropped at a full accept queue (/proc/net/netstat). */
    private static long listenOverflows() {
        return netCounter("/proc/net/netstat", "TcpExt:", "ListenOverflows");
    }

    /** One counter of a /proc/net table: a header line of names, then a line of values. */
    private static long netCounter(String file, String prefix, String name) {
        try {
            List<String> ls = Files.readAllLines(Paths.get(file));
            for (int i = 0; i + 1 < ls.size(); i++) {
                if (ls.get(i).startsWith(prefix) && ls.get(i + 1).startsWith(prefix)) {
                    String[] h = ls.get(i).split("\\s+");
                    String[] v = ls.get(i + 1).split("\\s+");
                    for (int j = 0; j < h.length && j < v.length; j++) {
                        if (h[j].equals(name)) {
                            return Long.parseLong(v[j]);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    private static long[] gc() {
        long n = 0;
        long ms = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, b.getCollectionCount());
            ms += Math.max(0, b.getCollectionTime());
        }
        return new long[] {n, ms};
    }

    private static long jitMs() {
        var c = ManagementFactory.getCompilationMXBean();
        return c != null && c.isCompilationTimeMonitoringSupported() ? c.getTotalCompilationTime() : -1;
    }

    private static long queryLong(URI uri, String key) {
        String q = uri.getQuery();
        if (q != null) {
            Matcher m = Pattern.compile("(?:^|&)" + key + "=(\\d+)").matcher(q);
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        return 0;
    }

    private static String esc(String s) {
        StringBuilder b = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }
}
