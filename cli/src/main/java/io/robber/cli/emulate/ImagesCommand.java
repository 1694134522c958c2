package io.robber.cli.emulate;

import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.emulation.docker.DockerImages;
import io.robber.emulation.runner.RobberJar;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code robber emulate images}: builds the Docker emulation's images, each only when its inputs changed. */
@Command(name = "images",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Builds, without any registry, robber-jre (Debian bookworm by debootstrap with a JRE 17, iproute2 and "
                    + "iptables), robber-node (robber-jre with this robber.jar) and toxiproxy:2.12.0 (FROM scratch, by "
                    + "go install). Each is tagged with a hash of its inputs and built only when that tag is missing: "
                    + "a few minutes cold, a fraction of a second cached. Prints NAME=TAG per image.",
            "Needs root, Docker, debootstrap, and Go for Toxiproxy."})
public final class ImagesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--no-toxiproxy", description = "Build only the JRE and node images.")
    boolean noToxiproxy;

    @Override
    public Integer call() throws Exception {
        Map<String, String> images = DockerImages.build(RobberJar.locate("docker"), !noToxiproxy);
        PrintWriter out = spec.commandLine().getOut();
        images.forEach((name, tag) -> out.println(name + "=" + tag));
        out.flush();
        return ExitCodes.OK;
    }
}
