package io.robber.emulation.netns;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs one of this module's probes in a fresh JVM. */
final class Probes {
    private Probes() {
    }

    static List<String> java(Class<?> probe, String... args) throws URISyntaxException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        String classes = Path.of(probe.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> line = new ArrayList<>(List.of(javaBin, "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", classes,
                probe.getName()));
        line.addAll(List.of(args));
        return line;
    }
}
