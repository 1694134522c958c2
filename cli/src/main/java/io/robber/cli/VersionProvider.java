package io.robber.cli;

import io.robber.engine.Protocols;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code robber --version}: the build version, the protocols on the class path and the JVM. */
public final class VersionProvider implements IVersionProvider {
    static final String RESOURCE = "/io/robber/cli/version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {
            "robber " + version(),
            "protocols: " + String.join(", ", Protocols.available().keySet()),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "(unknown version)";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            return "(unknown version)";
        }
    }
}
