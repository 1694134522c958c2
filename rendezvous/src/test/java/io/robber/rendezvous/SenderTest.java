package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SenderTest {
    @Test
    void aPieceSizeOutsideOneByteTo64MiBIsRefusedWhenSet() {
        Sender sender = Sender.push(Path.of("data.bin"));

        assertThatThrownBy(() -> sender.pieceSize(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("piece size must be between 1 byte and 64 MiB, got 0");
        assertThatThrownBy(() -> sender.pieceSize((64 << 20) + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> sender.pieceSize(1).pieceSize(64 << 20)).doesNotThrowAnyException();
    }
}
