// Starts Debian's JMeter 2.13 (`org.apache.jmeter.NewDriver`) with the
// arguments given, after letting its two XStream instances read any class.
//
// Why: Debian builds jmeter 2.13 against its current libxstream-java
// (1.4.18 and later), whose default type allow-list refuses JMeter's own
// classes, so `jmeter -n -t plan.jmx` stops at once with
// `ForbiddenClassException: org.apache.jmeter.save.ScriptWrapper` and runs
// nothing. JMeter 2.13 predates that allow-list and never sets one up. Used
// only by capture.sh, on the test plan it ships (scripts/samples/), never
// on a plan from elsewhere.
//
// SaveService builds its XStream instances when the class is first loaded,
// reading JMeter's properties then: so those are loaded first, with the
// command line's -J overrides, as JMeter itself would load them.
import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.security.AnyTypePermission;
import java.lang.reflect.Field;
import java.util.Properties;

public final class XStreamAllow {
    private XStreamAllow() {}

    public static void main(String[] args) throws Exception {
        Class<?> driver = Class.forName("org.apache.jmeter.NewDriver");
        Field loaderField = driver.getDeclaredField("loader");
        loaderField.setAccessible(true);
        ClassLoader loader = (ClassLoader) loaderField.get(null);
        String home = (String) driver.getMethod("getJMeterDir").invoke(null);
        Thread.currentThread().setContextClassLoader(loader);

        Class<?> utils = Class.forName("org.apache.jmeter.util.JMeterUtils", true, loader);
        utils.getMethod("setJMeterHome", String.class).invoke(null, home);
        utils.getMethod("loadJMeterProperties", String.class)
                .invoke(null, home + "/bin/jmeter.properties");
        Properties props = (Properties) utils.getMethod("getJMeterProperties").invoke(null);
        for (String a : args) {
            if (a.startsWith("-J") && a.contains("=")) {
                int eq = a.indexOf('=');
                props.setProperty(a.substring(2, eq), a.substring(eq + 1));
            }
        }

        // Loading SaveService logs its version checks; at this point JMeter
        // has not yet sent its log to jmeter.log, so they would reach the
        // console, which JMeter's own start never shows them on. Only
        // warnings until JMeter sets its log levels itself.
        Class<?> logging = Class.forName("org.apache.jorphan.logging.LoggingManager", true, loader);
        logging.getMethod("setPriority", String.class, String.class).invoke(null, "WARN", "jmeter");
        Class<?> save = Class.forName("org.apache.jmeter.save.SaveService", true, loader);
        for (String name : new String[] {"JMXSAVER", "JTLSAVER"}) {
            Field f = save.getDeclaredField(name);
            f.setAccessible(true);
            ((XStream) f.get(null)).addPermission(AnyTypePermission.ANY);
        }

        driver.getMethod("main", String[].class).invoke(null, (Object) args);
    }
}
