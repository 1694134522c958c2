package io.robber.cli.transfer;

import io.robber.api.Manifest;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.ProtocolNames;
import io.robber.rendezvous.Sender;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** What the root of a transfer decides for everyone: the protocol and the piece size. */
final class RootOptions {
    @Option(names = "--protocol", defaultValue = "robber", paramLabel = "NAME", completionCandidates = ProtocolNames.class,
            description = "On the root: protocol, ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--piece-size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "On the root: size of one piece, at most 64MiB (default: about 2048 pieces of the data,"
                    + " a power of two between 64KiB and 4MiB).")
    Long pieceSize;

    /** Fails with a usage error naming the bad option. */
    void check(CommandSpec spec) {
        ProtocolNames.require(spec, protocol);
        if (pieceSize != null && (pieceSize < 1 || pieceSize > Manifest.MAX_PIECE_SIZE)) {
            throw new ParameterException(spec.commandLine(), "--piece-size must be between 1 byte and 64MiB, got "
                    + pieceSize);
        }
    }

    /** Sets the protocol on {@code sender}, and the piece size if one was given: else it goes by the data's size. */
    Sender applyTo(Sender sender) {
        sender.protocol(protocol);
        if (pieceSize != null) {
            sender.pieceSize((int) (long) pieceSize);
        }
        return sender;
    }
}
