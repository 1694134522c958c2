package io.robber.cli.transfer;

import io.robber.api.Manifest;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.ProtocolNames;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** What the root of a transfer decides for everyone: the protocol and the piece size. */
final class RootOptions {
    @Option(names = "--protocol", defaultValue = "robber", paramLabel = "NAME", completionCandidates = ProtocolNames.class,
            description = "On the root: protocol, ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--piece-size", defaultValue = "1MiB", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "On the root: size of one piece, at most 64MiB (default: ${DEFAULT-VALUE}).")
    long pieceSize;

    /** Fails with a usage error naming the bad option. */
    void check(CommandSpec spec) {
        ProtocolNames.require(spec, protocol);
        if (pieceSize < 1 || pieceSize > Manifest.MAX_PIECE_SIZE) {
            throw new ParameterException(spec.commandLine(), "--piece-size must be between 1 byte and 64MiB, got "
                    + pieceSize);
        }
    }
}
