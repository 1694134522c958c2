package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SyntheticStorageTest {

    @Test
    void contentIsAFunctionOfPositionAndSeed() throws Exception {
        SyntheticStorage a = SyntheticStorage.full(10_000, 1000, 1);
        ByteBuffer whole = ByteBuffer.allocate(10_000);
        a.read(0, whole);
        ByteBuffer middle = ByteBuffer.allocate(37);
        a.read(4_003, middle);
        assertThat(middle.array()).isEqualTo(java.util.Arrays.copyOfRange(whole.array(), 4_003, 4_040));
        ByteBuffer other = ByteBuffer.allocate(10_000);
        SyntheticStorage.full(10_000, 1000, 2).read(0, other);
        assertThat(other.array()).isNotEqualTo(whole.array());
        assertThat(Manifest.compute(a, 1000)).isEqualTo(Manifest.compute(SyntheticStorage.full(10_000, 1000, 1), 1000));
    }

    @Test
    void aReceiverServesOnlyWhatItReceived() {
        SyntheticStorage copy = SyntheticStorage.empty(2_500, 1000, 1);
        assertThatThrownBy(() -> copy.read(0, ByteBuffer.allocate(10))).hasMessageContaining("piece 0 read before");
        copy.write(0, ByteBuffer.allocate(1000));
        copy.write(2000, ByteBuffer.allocate(500));
        copy.read(0, ByteBuffer.allocate(1000));
        assertThatThrownBy(() -> copy.read(1500, ByteBuffer.allocate(600))).hasMessageContaining("piece 1");
        assertThat(copy.complete()).isFalse();
        copy.write(1000, ByteBuffer.allocate(1000));
        assertThat(copy.complete()).isTrue();
        assertThatThrownBy(() -> copy.write(10, ByteBuffer.allocate(10))).hasMessageContaining("whole pieces");
    }

    @Test
    void copiesOfAGroupShareTheGeneratedPiecesAndServeTheSameBytes() throws Exception {
        List<SyntheticStorage> group = SyntheticStorage.group(2_500, 1000, 1, 3);
        ByteBuffer expected = ByteBuffer.allocate(2_500);
        SyntheticStorage.full(2_500, 1000, 1).read(0, expected);
        assertThat(group.get(0).complete()).isTrue();
        assertThat(group.get(1).complete()).isFalse();
        assertThatThrownBy(() -> group.get(2).read(0, ByteBuffer.allocate(1000))).hasMessageContaining("piece 0");

        group.get(1).write(2000, ByteBuffer.allocate(500));
        for (int round = 0; round < 2; round++) {
            ByteBuffer last = ByteBuffer.allocateDirect(500);
            group.get(round).read(2000, last);
            assertThat(bytes(last)).isEqualTo(Arrays.copyOfRange(expected.array(), 2000, 2500));
            ByteBuffer first = ByteBuffer.allocate(1000);
            group.get(0).read(0, first);
            assertThat(first.array()).isEqualTo(Arrays.copyOfRange(expected.array(), 0, 1000));
        }
        ByteBuffer across = ByteBuffer.allocate(1000);
        group.get(0).read(500, across);
        assertThat(across.array()).isEqualTo(Arrays.copyOfRange(expected.array(), 500, 1500));
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] b = new byte[buffer.flip().remaining()];
        buffer.get(b);
        return b;
    }
}
