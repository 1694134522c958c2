package io.robber.datacast.transport;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link Payloads} of a transfer with real bytes: the source reads its {@link DataSet}, and each
 * receiver assembles its copy block by block, checking every block it completes against the source's
 * SHA-256 and then dropping it (so a receiver holds only the blocks under way). {@link #verified()}
 * holds when every receiver has every block, each identical to the source's.
 */
public final class ReceivedCopies implements Payloads {
    private final DataSet data;
    private final Map<Integer, Copy> copies = new LinkedHashMap<>();

    public ReceivedCopies(DataSet data, int[] receivers) {
        this.data = data;
        for (int receiver : receivers) {
            copies.put(receiver, new Copy());
        }
    }

    @Override
    public ByteBuffer read(DataName name) {
        return data.payload(name);
    }

    @Override
    public void received(int receiver, Data packet) {
        Copy copy = copies.get(receiver);
        if (copy == null) {
            throw new IllegalArgumentException("node " + receiver + " is not a receiver of this data");
        }
        copy.take(packet);
    }

    /** Whether every receiver's copy is complete and byte-identical to the source's data. */
    public boolean verified() {
        return copies.values().stream().allMatch(c -> c.verified == data.blocks() && c.mismatched == 0);
    }

    /** The blocks receiver {@code receiver} has completed and found identical to the source's. */
    public int verifiedBlocks(int receiver) {
        return copies.get(receiver).verified;
    }

    /** Blocks completed by some receiver that differ from the source's, over all receivers. */
    public long mismatchedBlocks() {
        return copies.values().stream().mapToLong(c -> c.mismatched).sum();
    }

    /** One receiver's blocks under way, its verified and mismatched counts. */
    private final class Copy {
        private final Map<Integer, byte[]> partial = new HashMap<>();
        private final Map<Integer, Integer> taken = new HashMap<>();
        private int verified;
        private int mismatched;

        void take(Data packet) {
            int block = packet.name().block();
            ByteBuffer bytes = packet.bytes();
            int offset = packet.name().sequence() * data.payloadBytes();
            byte[] buffer = partial.computeIfAbsent(block, b -> new byte[data.blockBytes(b)]);
            if (bytes == null || offset + bytes.remaining() > buffer.length) {
                mismatched++;
                return;
            }
            bytes.duplicate().get(buffer, offset, bytes.remaining());
            if (taken.merge(block, 1, Integer::sum) == data.packetsIn(block)) {
                taken.remove(block);
                partial.remove(block);
                if (data.matches(block, buffer)) {
                    verified++;
                } else {
                    mismatched++;
                }
            }
        }
    }
}
