import java.util.ArrayList;
import java.util.List;

/** Fills the heap until an allocation fails, and says whether the JVM lived on. */
public class HeapFill {
    public static void main(String[] args) {
        List<byte[]> held = new ArrayList<>();
        try {
            while (true) {
                held.add(new byte[1 << 20]);
            }
        } catch (Throwable e) {
            System.out.println("caught after " + held.size() + " MB: " + e);
        }
        System.out.println("alive after the failed allocation");
    }
}
