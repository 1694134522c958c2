package io.robber.cli;

import io.robber.engine.Protocols;
import io.robber.rendezvous.BuildVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code robber --version}: the build version, the protocols on the class path and the JVM. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {
            "robber " + version(),
            "protocols: " + String.join(", ", Protocols.available().keySet()),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    public static String version() {
        return BuildVersion.current();
    }
}
