package io.robber.emulation.runner;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The fat jar the real-process backends run on every node: the one this class came from, or {@code -Drobber.jar}. */
public final class RobberJar {
    private RobberJar() {
    }

    /** The jar; fails, saying how to run, when this class was not loaded from one. */
    public static Path locate(String backend) {
        String property = System.getProperty("robber.jar");
        if (property != null) {
            return Path.of(property);
        }
        try {
            Path self = Path.of(RobberJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (self.toString().endsWith(".jar")) {
                return self;
            }
        } catch (URISyntaxException | SecurityException e) {
            // fall through to the message below
        }
        throw new IllegalStateException("the " + backend + " backend runs robber.jar on every node: run it from the jar"
                + " (java -jar cli/target/robber.jar bench --backend " + backend + " ...) or pass -Drobber.jar=PATH");
    }
}
