package io.robber.emulation.tc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether this kernel can add delay itself (netem). Asks twice: is {@code sch_netem} loaded or
 * built in ({@code /sys/module/sch_netem}); if not — it may load on demand — adds a netem qdisc to
 * the loopback device of a scratch network namespace, which is deleted afterwards. Needs root
 * for the second question; without it the answer is "no".
 *
 * @param available whether netem works here
 * @param how       how that was found out, for the start-up line
 */
public record NetemProbe(boolean available, String how) {
    private static final Path MODULE = Path.of("/sys/module/sch_netem");

    /** Asks this machine. */
    public static NetemProbe detect() {
        if (Files.isDirectory(MODULE)) {
            return new NetemProbe(true, MODULE + " exists");
        }
        String scratch = "robber-netem-probe-" + ProcessHandle.current().pid();
        try {
            if (run("ip", "netns", "add", scratch) != 0) {
                return new NetemProbe(false, "sch_netem not loaded, and no scratch namespace to try it in (not root?)");
            }
            try {
                boolean added = run("tc", "-n", scratch, "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms")
                        == 0;
                return new NetemProbe(added, added ? "a netem qdisc was added in a scratch namespace"
                        : "tc could not add a netem qdisc in a scratch namespace");
            } finally {
                run("ip", "netns", "del", scratch);
            }
        } catch (IOException e) {
            return new NetemProbe(false, "cannot run ip/tc: " + e.getMessage());
        }
    }

    private static int run(String... command) throws IOException {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        try {
            p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return -1;
        }
    }

    /** The start-up line: where the delays come from. */
    @Override
    public String toString() {
        return (available ? "netem available: delays in the kernel's qdiscs" : "no netem: delays from user space")
                + " (" + how + ")";
    }
}
