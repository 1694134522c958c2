package io.robber.emulation.toxi;

import io.robber.emulation.runner.LocalProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the Toxiproxy server binary is: {@code -Drobber.toxiproxy=PATH}, else the environment's
 * {@code ROBBER_TOXIPROXY}, else {@code ~/go/bin/toxiproxy-server} (where
 * {@code emulation/tools/install-toxiproxy.sh} puts it), else {@code ~/go/bin/server} (a plain
 * {@code go install}), else {@code toxiproxy-server} on the {@code PATH}.
 */
public final class ToxiproxyServer {
    /** What to run to install it, for messages. */
    public static final String INSTALL = "emulation/tools/install-toxiproxy.sh";

    private ToxiproxyServer() {
    }

    /** The first executable of the places above, if any. */
    public static Optional<Path> locate() {
        return candidates().stream().filter(Files::isExecutable).findFirst()
                .or(() -> LocalProcesses.onPath("toxiproxy-server"));
    }

    /** The places looked at before the {@code PATH}, in order. */
    private static List<Path> candidates() {
        List<Path> out = new ArrayList<>();
        String property = System.getProperty("robber.toxiproxy");
        if (property != null && !property.isBlank()) {
            out.add(Path.of(property));
        }
        String env = System.getenv("ROBBER_TOXIPROXY");
        if (env != null && !env.isBlank()) {
            out.add(Path.of(env));
        }
        Path home = Path.of(System.getProperty("user.home"), "go", "bin");
        out.add(home.resolve("toxiproxy-server"));
        out.add(home.resolve("server"));
        return out;
    }

    /** Why the server cannot be used, for a skip message or a warning. */
    public static String missing() {
        return "no toxiproxy-server (looked at -Drobber.toxiproxy, ROBBER_TOXIPROXY, ~/go/bin/toxiproxy-server,"
                + " ~/go/bin/server and the PATH); install it with " + INSTALL;
    }
}
