package threadlab.ref;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The endpoints the reference suite loads: each does one kind of work for ms milliseconds
 * and answers a short text line naming the thread, so a run can check which mode served it.
 */
public class RefServlet extends HttpServlet {
    private static final long MAX_MS = 10_000;
    private static final int MAX_KB = 64 * 1024;
    private static final int MAX_WORK = 10_000_000;
    private static final Object SHARED_MONITOR = new Object();
    private static final ReentrantLock SHARED_LOCK = new ReentrantLock();
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private volatile HikariDataSource pool;
    /** Keeps allocated arrays reachable until the next request so the JIT cannot drop them. */
    private volatile byte[] sink;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        String path = req.getServletPath();
        long ms;
        try {
            ms = param(req, "ms", 0, MAX_MS);
        } catch (IllegalArgumentException e) {
            resp.sendError(400, e.getMessage());
            return;
        }
        boolean shared = "1".equals(req.getParameter("shared"));
        try {
            switch (path) {
                case "/sleep": Thread.sleep(ms); break;
                case "/cpu": spin(ms); break;
                case "/pinned": pinned(shared, ms); break;
                case "/lock": locked(shared, ms); break;
                case "/db": db(ms); break;
                case "/alloc": alloc((int) param(req, "kb", 0, MAX_KB)); break;
                case "/work": work((int) param(req, "n", 0, MAX_WORK)); break;
                case "/info": break;
                default: resp.sendError(404, "unknown endpoint " + path); return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resp.sendError(503, "interrupted");
            return;
        } catch (SQLException e) {
            // A pool timeout answers 500 as Spring Boot's default error handling would.
            resp.sendError(500, "db: " + e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            resp.sendError(400, e.getMessage());
            return;
        }
        Thread t = Thread.currentThread();
        resp.setContentType("text/plain");
        resp.getWriter().write("ok " + path + " " + t.getName() + " virtual=" + VT.isVirtual(t) + "\n");
    }

    private static long param(HttpServletRequest req, String name, long min, long max) {
        String v = req.getParameter(name);
        if (v == null) {
            return min;
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not an integer: " + v);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]");
        }
        return n;
    }

    /**
     * Busy work for ms of this thread's CPU time where the JVM measures it (platform threads),
     * else for ms of wall time (JDK 21 reports no CPU time for a virtual thread); a header says which.
     */
    static void spin(long ms) {
        long cpu0 = MX.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        long target = ms * 1_000_000L;
        long x = 0;
        while (true) {
            for (int i = 0; i < 1000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            long cpu = cpu0 >= 0 ? MX.getCurrentThreadCpuTime() - cpu0 : -1;
            long used = cpu >= 0 ? cpu : System.nanoTime() - wall0;
            if (used >= target) {
                break;
            }
        }
        if (x == 42) {
            System.out.print("");
        }
    }

    private static void pinned(boolean shared, long ms) throws InterruptedException {
        Object m = shared ? SHARED_MONITOR : new Object();
        synchronized (m) {
            Thread.sleep(ms);
        }
    }

    private static void locked(boolean shared, long ms) throws InterruptedException {
        ReentrantLock l = shared ? SHARED_LOCK : new ReentrantLock();
        l.lock();
        try {
            Thread.sleep(ms);
        } finally {
            l.unlock();
        }
    }

    /**
     * A fixed amount of mixed work (number formatting, string hashing, allocation) whose
     * duration falls as the JIT compiles it: the JIT warm-up curve's endpoint.
     */
    private void work(int n) {
        long x = 0;
        for (int i = 0; i < n; i++) {
            x = x * 31 + Long.toString(i * 2654435761L).hashCode();
        }
        sink = x == 42 ? new byte[1] : sink;
    }

    private void alloc(int kb) {
        byte[] b = new byte[kb * 1024];
        if (b.length > 0) {
            b[b.length - 1] = 1;
        }
        sink = b;
    }

    private void db(long ms) throws SQLException {
        try (Connection c = pool().getConnection();
             PreparedStatement st = c.prepareStatement("SELECT pg_sleep(?)")) {
            st.setDouble(1, ms / 1000.0);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
            }
        }
    }

    /** The pool starts on first use so the non-db measurements need no database. */
    private HikariDataSource pool() {
        HikariDataSource p = pool;
        if (p == null) {
            synchronized (this) {
                if (pool == null) {
                    HikariConfig cfg = new HikariConfig();
                    cfg.setJdbcUrl(System.getProperty("ref.db.url", "jdbc:postgresql://127.0.0.1:15432/postgres"));
                    cfg.setUsername(System.getProperty("ref.db.user", "postgres"));
                    cfg.setMaximumPoolSize(Integer.getInteger("ref.db.pool", 10));
                    cfg.setConnectionTimeout(Long.getLong("ref.db.timeoutMs", 30_000L));
                    pool = new HikariDataSource(cfg);
                }
                p = pool;
            }
        }
        return p;
    }

    @Override
    public void destroy() {
        if (pool != null) {
            pool.close();
        }
    }
}
