package io.robber.rendezvous;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build version of robber, which coordinator and receivers tell each other for error messages. */
public final class BuildVersion {
    private static final String RESOURCE = "/io/robber/rendezvous/version.properties";
    private static final String UNKNOWN = "(unknown version)";

    private BuildVersion() {
    }

    /** E.g. {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", UNKNOWN);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }
}
