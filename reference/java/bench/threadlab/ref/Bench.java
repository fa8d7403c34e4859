package threadlab.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The suite's plain-Java measurements (no Tomcat): sleep overshoot, burst wake-up lateness,
 * monitor vs ReentrantLock fairness, virtual-thread start order, and (JdkClient.java, against
 * the suite's Tomcat) the JDK HTTP clients' cost per call from virtual threads. Each prints one JSON
 * object per line on stdout; arguments are validated and bounded.
 */
public final class Bench {
    private Bench() {}

    public static void main(String[] a) throws Exception {
        if (a.length < 1) {
            usage("missing subcommand");
        }
        switch (a[0]) {
            case "sleep": sleep(a); break;
            case "burst": burst(a); break;
            case "monitor": monitor(a); break;
            case "order": order(a); break;
            case "jdkclient": JdkClient.run(a, 1); System.exit(0); break; // the client's daemon threads end with it
            default: usage("unknown subcommand " + a[0]);
        }
    }

    private static void usage(String why) {
        System.err.println(why + "\nusage: Bench sleep SCALE | burst N DELAY_MS ROUNDS | "
                + "monitor THREADS HOLD_US SECONDS | order K ROUNDS | "
                + "jdkclient default|virtual|urlconnection CONCURRENCY CALLS URL [WARMUP_CALLS]");
        System.exit(2);
    }

    static int arg(String[] a, int i, int min, int max) {
        if (a.length <= i) {
            usage("missing argument " + i);
        }
        int v = Integer.parseInt(a[i]);
        if (v < min || v > max) {
            usage("argument " + i + " must be in [" + min + ", " + max + "]");
        }
        return v;
    }

    private static String head(String what) {
        return String.format(Locale.ROOT, "{\"bench\":\"%s\",\"java\":\"%s\"", what,
                System.getProperty("java.runtime.version"));
    }

    /** Run r on one thread of the given kind and wait for it. */
    private static void runOn(boolean virtual, Runnable r) throws InterruptedException {
        Thread t = VT.unstarted(virtual, r);
        t.start();
        t.join();
    }

    // ---- 3a: sleep overshoot: elapsed - requested, sequential sleeps on one thread ----
    private static void sleep(String[] a) throws Exception {
        int scale = arg(a, 1, 1, 100); // samples = base counts × scale / 10
        int[] ms = {1, 10, 100};
        int[] base = {100, 40, 6};
        for (boolean virtual : new boolean[] {false, true}) {
            for (int k = 0; k < ms.length; k++) {
                int n = Math.max(3, base[k] * scale / 10);
                long[] over = new long[n];
                final int d = ms[k];
                runOn(virtual, () -> {
                    try {
                        for (int i = 0; i < over.length; i++) {
                            long t0 = System.nanoTime();
                            Thread.sleep(d);
                            over[i] = System.nanoTime() - t0 - d * 1_000_000L;
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                System.out.println(head("sleep") + String.format(Locale.ROOT,
                        ",\"thread\":\"%s\",\"sleep_ms\":%d,\"overshoot\":%s}",
                        virtual ? "virtual" : "platform", d, Stats.json(over)));
            }
        }
    }

    // ---- 3b: burst: N threads sleep to one shared deadline; lateness of each wake-up ----
    private static void burst(String[] a) throws Exception {
        int n = arg(a, 1, 1, 100_000);
        int delay = arg(a, 2, 10, 10_000);
        int rounds = arg(a, 3, 1, 100);
        for (boolean virtual : new boolean[] {true, false}) {
            for (int r = 0; r < rounds; r++) {
                long[] late = new long[n];
                List<Thread> ts = new ArrayList<>(n);
                // The deadline leaves time to start every thread before it.
                long deadline = System.nanoTime() + delay * 1_000_000L;
                for (int i = 0; i < n; i++) {
                    final int idx = i;
                    ts.add(VT.unstarted(virtual, () -> {
                        try {
                            long left = deadline - System.nanoTime();
                            if (left > 0) {
                                Thread.sleep(left / 1_000_000L, (int) (left % 1_000_000L));
                            }
                            late[idx] = System.nanoTime() - deadline;
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }));
                }
                for (Thread t : ts) {
                    t.start();
                }
                long started = System.nanoTime();
                for (Thread t : ts) {
                    t.join();
                }
                System.out.println(head("burst") + String.format(Locale.ROOT,
                        ",\"thread\":\"%s\",\"threads\":%d,\"delay_ms\":%d,\"round\":%d,"
                                + "\"all_started_before_deadline\":%b,\"lateness\":%s}",
                        virtual ? "virtual" : "platform", n, delay, r, started < deadline, Stats.json(late)));
            }
        }
    }

    // ---- 4: contention on one lock: wait per acquisition, throughput, share per thread ----
    private interface Guard {
        void run(Runnable r);
    }

    private static void monitor(String[] a) throws Exception {
        int threads = arg(a, 1, 2, 1000);
        int holdUs = arg(a, 2, 0, 100_000);
        int seconds = arg(a, 3, 1, 60);
        Object mon = new Object();
        ReentrantLock unfair = new ReentrantLock(false);
        ReentrantLock fair = new ReentrantLock(true);
        String[] names = {"synchronized", "ReentrantLock(false)", "ReentrantLock(true)"};
        Guard[] guards = {
            r -> { synchronized (mon) { r.run(); } },
            r -> { unfair.lock(); try { r.run(); } finally { unfair.unlock(); } },
            r -> { fair.lock(); try { r.run(); } finally { fair.unlock(); } },
        };
        for (int g = 0; g < guards.length; g++) {
            contend(names[g], guards[g], threads, holdUs, seconds);
        }
    }

    private static void contend(String name, Guard guard, int threads, int holdUs, int seconds)
            throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<long[]> waits = new ArrayList<>();
        int[] counts = new int[threads];
        List<Thread> ts = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        for (int i = 0; i < threads; i++) {
            final int idx = i;
            long[] w = new long[2_000_000];
            waits.add(w);
            Thread t = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                int c = 0;
                long[] t0 = new long[1];
                while (System.nanoTime() < end && c < w.length) {
                    t0[0] = System.nanoTime();
                    final int slot = c;
                    guard.run(() -> {
                        w[slot] = System.nanoTime() - t0[0];
                        busy(holdUs * 1000L);
                    });
                    c++;
                }
                counts[idx] = c;
            });
            ts.add(t);
            t.start();
        }
        long t0 = System.nanoTime();
        go.countDown();
        for (Thread t : ts) {
            t.join();
        }
        double el = (System.nanoTime() - t0) / 1e9;
        int total = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int c : counts) {
            total += c;
            min = Math.min(min, c);
            max = Math.max(max, c);
        }
        long[] all = new long[total];
        int p = 0;
        for (int i = 0; i < threads; i++) {
            System.arraycopy(waits.get(i), 0, all, p, counts[i]);
            p += counts[i];
        }
        System.out.println(head("monitor") + String.format(Locale.ROOT,
                ",\"guard\":\"%s\",\"threads\":%d,\"hold_us\":%d,\"seconds\":%.2f,\"acquisitions\":%d,"
                        + "\"per_s\":%.1f,\"per_thread_min\":%d,\"per_thread_max\":%d,\"wait\":%s}",
                name, threads, holdUs, el, total, total / el, min, max, Stats.json(all)));
    }

    private static void busy(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    // ---- 7: start order of K virtual threads vs their submit order ----
    private static void order(String[] a) throws Exception {
        int k = arg(a, 1, 2, 1_000_000);
        int rounds = arg(a, 2, 1, 100);
        for (int r = 0; r < rounds; r++) {
            AtomicInteger seq = new AtomicInteger();
            int[] startedAs = new int[k];
            List<Thread> ts = new ArrayList<>(k);
            for (int i = 0; i < k; i++) {
                final int idx = i;
                ts.add(VT.unstarted(() -> startedAs[idx] = seq.getAndIncrement()));
            }
            for (Thread t : ts) {
                t.start();
            }
            for (Thread t : ts) {
                t.join();
            }
            int displaced = 0;
            int inversions = 0;
            long maxShift = 0;
            for (int i = 0; i < k; i++) {
                if (startedAs[i] != i) {
                    displaced++;
                }
                maxShift = Math.max(maxShift, Math.abs(startedAs[i] - i));
                if (i > 0 && startedAs[i] < startedAs[i - 1]) {
                    inversions++;
                }
            }
            System.out.println(head("order") + String.format(Locale.ROOT,
                    ",\"parallelism\":\"%s\",\"k\":%d,\"round\":%d,\"displaced_fraction\":%.4f,"
                            + "\"adjacent_inversion_fraction\":%.4f,\"max_shift\":%d}",
                    System.getProperty("jdk.virtualThreadScheduler.parallelism", "default"), k, r,
                    displaced / (double) k, inversions / (double) (k - 1), maxShift));
        }
    }
}
