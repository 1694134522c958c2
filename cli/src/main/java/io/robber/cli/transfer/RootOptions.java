package io.robber.cli.transfer;

import io.robber.api.Manifest;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks of the root's options. */
final class RootOptions {
    private RootOptions() {
    }

    static void check(CommandSpec spec, long pieceSize, int dataPort) {
        if (pieceSize < 1 || pieceSize > Manifest.MAX_PIECE_SIZE) {
            throw new ParameterException(spec.commandLine(), "--piece-size must be between 1 byte and 64MiB, got "
                    + pieceSize);
        }
        if (dataPort < 0 || dataPort > 65535) {
            throw new ParameterException(spec.commandLine(), "--data-port must be between 1 and 65535, got " + dataPort);
        }
    }
}
