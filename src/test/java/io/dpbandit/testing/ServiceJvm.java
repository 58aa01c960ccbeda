package io.dpbandit.testing;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of the command line of a service JVM that a test starts as a process of its own (the
 * kill, restart and quick-start tests): this JVM's java, the JVM options, and the test class path.
 * The main class and its arguments follow.
 *
 * <p>The options trade speed of compiled code for a cheaper start, since these tests start the
 * service dozens of times, two tests at a time on two cores, and check what survives a kill or a
 * restart, not how fast the service runs: C1 only and the serial collector (13 instead of 24
 * CPU-seconds a start), and no bytecode verification of the class path's classes (a fifth less
 * again: 11.4 instead of 14.7 CPU-seconds until ready, four starts each on a loaded 2-core machine).
 * Verification checks class files, not what the service does with them; the same classes are loaded
 * verified by every test that runs the service inside the test JVM. The flag is diagnostic in JDK
 * 17; a JDK that no longer knows it ignores it rather than refusing to start.
 */
public final class ServiceJvm {

    private ServiceJvm() {
    }

    /** java, the options above and {@code -cp} with the test class path, as a mutable list. */
    public static List<String> command() {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        return new ArrayList<>(List.of(java, "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:+IgnoreUnrecognizedVMOptions", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:-BytecodeVerificationRemote", "-cp", System.getProperty("java.class.path")));
    }
}
