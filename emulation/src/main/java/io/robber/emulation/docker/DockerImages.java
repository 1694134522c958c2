package io.robber.emulation.docker;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Docker emulation's images, built locally by {@code docker/build-images.sh} (a resource of this
 * module): {@value #JRE} (debootstrap and {@code docker import}), {@value #NODE} (with robber.jar),
 * {@value #TOXIPROXY} ({@code FROM scratch}) and {@value #HUB} (the node image with Toxiproxy's
 * server copied in), each tagged with a hash of its inputs and built
 * only when that tag is missing. Needs root, Docker and debootstrap; a cold build takes a few
 * minutes, a cached one a fraction of a second.
 */
public final class DockerImages {
    public static final String JRE = "robber-jre";
    public static final String NODE = "robber-node";
    public static final String TOXIPROXY = "toxiproxy";
    /** robber-node with Toxiproxy's server, for the hubs when the delays come from Toxiproxy. */
    public static final String HUB = "robber-hub";
    private static final String SCRIPT = "/docker/build-images.sh";
    private static final long BUILD_MINUTES = 15;

    private DockerImages() {
    }

    /**
     * Builds the missing images with {@code jar} as the node's robber.jar, the build's progress on
     * this process's stderr; {@code toxiproxy} whether to build Toxiproxy and the hub image too. Returns each image's
     * name and tag, e.g. {@code robber-node -> robber-node:438314a2087d}.
     */
    public static Map<String, String> build(Path jar, boolean toxiproxy) throws IOException, InterruptedException {
        Path script = Files.createTempFile("robber-build-images-", ".sh");
        try {
            Files.writeString(script, script());
            List<String> command = toxiproxy ? List.of("bash", script.toString(), jar.toString())
                    : List.of("bash", script.toString(), "--no-toxiproxy", jar.toString());
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("building the Docker images took more than " + BUILD_MINUTES + " minutes");
            }
            if (p.exitValue() != 0) {
                throw new IOException("building the Docker images failed (exit " + p.exitValue() + "); see above");
            }
            Map<String, String> images = new LinkedHashMap<>();
            out.lines().filter(l -> l.contains("=")).forEach(l -> images.put(l.substring(0, l.indexOf('=')),
                    l.substring(l.indexOf('=') + 1)));
            return images;
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /** The script itself, for a project that wants to rebuild its images by hand. */
    public static String script() throws IOException {
        try (InputStream in = DockerImages.class.getResourceAsStream(SCRIPT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
