import java.util.ArrayList;
import java.util.List;

/** Starts sleeping platform threads until a start fails, and says whether the JVM lived on. */
public class ThreadStart {
    public static void main(String[] args) {
        List<Thread> started = new ArrayList<>();
        try {
            while (started.size() < 100_000) {
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(600_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                t.setDaemon(true);
                t.start();
                started.add(t);
            }
        } catch (Throwable e) {
            System.out.println("caught after " + started.size() + " threads: " + e);
        }
        System.out.println("alive after the failed start");
    }
}
