package io.robber.emulation.perf;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.ProtocolOptions;
import io.robber.emulation.virtual.VirtualExperiment;
import io.robber.engine.Protocols;
import io.robber.sim.Link;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.storage.MemoryStorage;
import io.robber.wire.Message;
import io.robber.wire.WireCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Throughput of the data plane's parts, each alone: the wire codec on control messages, the SHA-256
 * piece check ({@link Manifest#verify}) on direct buffers as they come off a socket, and the piece
 * exchange's per-piece bookkeeping — every engine of a group running in virtual time over links that
 * cost nothing, so what is left is the engines (and the codec the simulated network applies to
 * every control message).
 */
public final class DataPlaneBench {
    private static final int BATCH = 1024;
    private static final int BITFIELD_PIECES = 8192;
    private static final int EXCHANGE_PIECES = 4096;
    private static final int EXCHANGE_PIECE_SIZE = 64 << 10;
    private static final int CLUSTERS = 2;
    private static final int NODES_PER_CLUSTER = 4;

    private final Timing timing;
    /** Where results go so that the JIT cannot drop the work (a field of a live object, never dead). */
    private long sink;

    public DataPlaneBench(Timing timing) {
        this.timing = timing;
    }

    /** Runs every benchmark in turn. */
    public List<DataPlaneResult> run() throws IOException {
        List<DataPlaneResult> results = new ArrayList<>();
        Message have = new Message.Have(1, 4711);
        BitSet half = new BitSet(BITFIELD_PIECES);
        for (int i = 0; i < BITFIELD_PIECES; i += 2) {
            half.set(i);
        }
        Message bitfield = new Message.Bitfield(1, half);
        results.add(encode("wire encode have", have));
        results.add(decode("wire decode have", have));
        results.add(encode("wire encode bitfield 8192", bitfield));
        results.add(decode("wire decode bitfield 8192", bitfield));
        results.add(digest("digest 64KiB", 64 << 10));
        results.add(digest("digest 1MiB", 1 << 20));
        results.add(exchange());
        return results;
    }

    private DataPlaneResult encode(String name, Message message) {
        ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
        long bytes = frameLength(message);
        return DataPlaneResult.of(name, "message", bytes, timing.measure(() -> {
            for (int i = 0; i < BATCH; i++) {
                ByteBuf frame = WireCodec.encode(alloc, message);
                sink += frame.readableBytes();
                frame.release();
            }
            return BATCH;
        }));
    }

    private DataPlaneResult decode(String name, Message message) {
        ByteBuf frame = WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, message);
        try {
            long bytes = frame.readableBytes();
            return DataPlaneResult.of(name, "message", bytes, timing.measure(() -> {
                for (int i = 0; i < BATCH; i++) {
                    ByteBuf body = frame.duplicate().skipBytes(4);
                    sink += ((Message) WireCodec.decode(body)).op();
                }
                return BATCH;
            }));
        } finally {
            frame.release();
        }
    }

    private static long frameLength(Message message) {
        ByteBuf frame = WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, message);
        try {
            return frame.readableBytes();
        } finally {
            frame.release();
        }
    }

    private DataPlaneResult digest(String name, int pieceSize) throws IOException {
        int pieces = 4;
        byte[] data = new byte[pieces * pieceSize];
        new SplittableRandom(42).nextBytes(data);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), pieceSize);
        ByteBuffer[] direct = new ByteBuffer[pieces];
        for (int p = 0; p < pieces; p++) {
            direct[p] = ByteBuffer.allocateDirect(pieceSize).put(data, p * pieceSize, pieceSize).flip();
        }
        return DataPlaneResult.of(name, "piece", pieceSize, timing.measure(() -> {
            for (int p = 0; p < pieces; p++) {
                if (!manifest.verify(p, direct[p])) {
                    throw new IllegalStateException("piece " + p + " of " + name + " failed its digest");
                }
            }
            return pieces;
        }));
    }

    /** Robber over 2 × 4 nodes and free links: piece deliveries (a piece reaching one node) per second. */
    private DataPlaneResult exchange() {
        List<Member> members = new ArrayList<>();
        for (int c = 0; c < CLUSTERS; c++) {
            for (int n = 0; n < NODES_PER_CLUSTER; n++) {
                members.add(Member.of("c" + c + "n" + n, "c" + c, "127.0." + (c + 1) + "." + (n + 1), 1));
            }
        }
        Group group = new Group(members);
        Manifest manifest = VirtualExperiment.dataless((long) EXCHANGE_PIECES * EXCHANGE_PIECE_SIZE, EXCHANGE_PIECE_SIZE);
        long deliveries = (long) EXCHANGE_PIECES * (group.size() - 1);
        return DataPlaneResult.of("exchange robber " + CLUSTERS + "x" + NODES_PER_CLUSTER + " free links",
                "piece delivered", 0, timing.measure(() -> {
                    SimResult result = SimNetwork.builder(group, Protocols.byName("robber"))
                            .options(ProtocolOptions.defaults(42))
                            .manifest(manifest)
                            .possession(m -> m == 0 ? manifest.allPieces() : new BitSet())
                            .links((from, to) -> new Link(1e15, 0))
                            .seed(42)
                            .maxEvents(Long.MAX_VALUE)
                            .run()
                            .assertAllComplete();
                    sink += result.events();
                    return deliveries;
                }));
    }
}
