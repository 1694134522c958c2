package io.robber.exchange;

/**
 * How many requests to keep outstanding at one peer. Below R (the paper's constant), no more than
 * that peer delivers in about {@link ExchangeTuning#windowTargetNanos()} (500 ms by default), so that the
 * last pieces of an operation never wait long in the queue of a slow connection: a receiver keeping
 * R requests everywhere queues R pieces behind each connection, and when a wide-area link is shared
 * by many connections each one is slow and those queues become the operation's tail (e.g. 5 × 64 KiB
 * behind a 50 KB/s connection: 6.5 s). Above R, as many as the connection's bandwidth-delay product
 * needs plus one, up to {@link ExchangeTuning#windowMax()}: on a fast, long link R pieces do not fill
 * the pipe (e.g. 5 × 32 KiB per 16 ms round trip caps a 12.5 MB/s NIC at 10 MB/s). Below R the
 * window still keeps the link at least 90 % busy over its round trip (the round trip includes one
 * piece's delivery): at 60 KB/s over TC2's 200 ms round trip one 16 KiB piece at a time leaves the
 * link idle 43 % of the time, while one 64 KiB piece at 50 KB/s over tc1's 20 ms is busy 98.5 %.
 *
 * <p>The delivery rate is measured from piece arrivals while requests are outstanding (an EWMA); the
 * round-trip time is the shortest seen from a request to the arrival of the piece answering it
 * (peers answer in order), which holds the propagation delay and one piece's serialisation but no
 * queueing. Until the first piece arrives the window is R, as in the paper, for pieces of up to
 * {@value #UNMEASURED_PIECE_BYTES} bytes; of larger ones it holds no more bytes than R of those, and
 * at least one piece. A node knows nothing of a peer's link before its first piece, and R pieces of
 * 1 MiB behind a connection that gets 50 kB/s of a shared link are 100 s: with few large pieces, the
 * members of a cluster would ask the root for every piece at once, before any nearer cluster held
 * one (tc1-slow at a tenth with 1 MiB pieces: 58 pieces, 16 members).
 */
final class RequestWindow {
    /** Request times remembered for round-trip samples; older ones are forgotten. */
    private static final int MAX_REMEMBERED = 256;
    /** Below R, the window keeps a link at least this busy over its round trip. */
    private static final double BUSY = 0.9;
    /** Before anything is measured, R counts pieces of at most this size (64 KiB). */
    static final int UNMEASURED_PIECE_BYTES = 64 * 1024;

    private final long targetNanos;
    private final double weight;
    private double bytesPerNano = Double.NaN;
    private long minRttNanos = Long.MAX_VALUE;
    private long busySince = -1;
    private long lastArrival = -1;
    private final long[] sentAt = new long[MAX_REMEMBERED];
    private int oldest;
    private int remembered;

    RequestWindow(ExchangeTuning tuning) {
        this.targetNanos = tuning.windowTargetNanos();
        this.weight = tuning.windowWeight();
    }

    /** A request was sent; {@code wasIdle} when none was outstanding before it. */
    void requested(long now, boolean wasIdle) {
        if (wasIdle) {
            busySince = now;
            lastArrival = -1;
            remembered = 0;
        }
        if (remembered == MAX_REMEMBERED) {
            oldest = (oldest + 1) % MAX_REMEMBERED;
            remembered--;
        }
        sentAt[(oldest + remembered) % MAX_REMEMBERED] = now;
        remembered++;
    }

    /** A piece of {@code bytes} arrived; {@code nowIdle} when no request is outstanding any more. */
    void delivered(long now, int bytes, boolean nowIdle) {
        long from = Math.max(lastArrival, busySince);
        if (from >= 0 && now > from) {
            double sample = bytes / (double) (now - from);
            bytesPerNano = Double.isNaN(bytesPerNano) ? sample : (1 - weight) * bytesPerNano + weight * sample;
        }
        if (remembered > 0) {
            minRttNanos = Math.min(minRttNanos, now - sentAt[oldest]);
            oldest = (oldest + 1) % MAX_REMEMBERED;
            remembered--;
        }
        lastArrival = now;
        if (nowIdle) {
            busySince = -1;
            lastArrival = -1;
            remembered = 0;
        }
    }

    /**
     * How long this peer presumably takes to deliver {@code pieces} pieces of {@code pieceSize} bytes
     * at its measured rate; {@link Long#MAX_VALUE} before anything was measured.
     */
    long nanosToDeliver(int pieces, int pieceSize) {
        if (Double.isNaN(bytesPerNano)) {
            return Long.MAX_VALUE;
        }
        return (long) Math.min(Long.MAX_VALUE, (double) pieces * pieceSize / bytesPerNano);
    }

    /** The shortest round trip seen from a request to its piece; {@link Long#MAX_VALUE} before any. */
    long minRttNanos() {
        return minRttNanos;
    }

    /** The measured delivery rate in bytes per second; NaN before anything was measured. */
    double bytesPerSecond() {
        return bytesPerNano * 1e9;
    }

    /** How many pieces of {@code pieceSize} bytes this peer presumably delivers in {@code nanos}; 0 before anything was measured. */
    long piecesWithin(long nanos, int pieceSize) {
        return Double.isNaN(bytesPerNano) ? 0 : (long) (bytesPerNano * nanos / pieceSize);
    }

    /** The number of requests to keep outstanding, between 1 and {@code cap} (R ≤ cap). */
    int size(int r, int cap, int pieceSize) {
        if (Double.isNaN(bytesPerNano)) {
            return (int) Math.min(r, Math.max(1, (long) r * UNMEASURED_PIECE_BYTES / pieceSize));
        }
        long inTarget = (long) (bytesPerNano * targetNanos / pieceSize);
        int belowR = (int) Math.max(1, Math.min(r, inTarget));
        if (minRttNanos == Long.MAX_VALUE) {
            return belowR;
        }
        double perRtt = bytesPerNano * minRttNanos / pieceSize;
        long pipe = (long) Math.ceil(perRtt) + 1;
        if (pipe > r) {
            return (int) Math.min(cap, pipe);
        }
        return (int) Math.max(belowR, Math.ceil(BUSY * perRtt));
    }
}
