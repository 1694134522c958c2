package io.robber.emulation.netns;

import io.robber.emulation.runner.LocalProcesses;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The command line that runs one of this module's probes in a fresh JVM. */
final class Probes {
    private Probes() {
    }

    static List<String> java(Class<?> probe, String... args) throws URISyntaxException {
        String classes = Path.of(probe.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return LocalProcesses.java("64m", List.of("-cp", classes, probe.getName()), List.of(args));
    }
}
