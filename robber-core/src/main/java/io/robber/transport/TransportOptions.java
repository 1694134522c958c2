package io.robber.transport;

import io.netty.channel.WriteBufferWaterMark;
import io.robber.security.TlsIdentity;
import java.time.Duration;
import java.util.Objects;

/**
 * How the Netty transport runs one node's channel: its threads, extra handlers per connection, and
 * the tuning of connections and sends. {@link #defaults()} suits real deployments; callers that share
 * threads among many nodes or shape links (emulation, demos, tests) pass their own through
 * {@link RobberTransport#open}.
 *
 * @param runtime          event loops and storage threads, shareable by many nodes of one JVM;
 *                         {@link RobberRuntime#shared()} by default
 * @param links            extra handlers per connection (network emulation); {@link LinkCustomizer#NONE} by default
 * @param handshakeTimeout how long a new connection may take to complete its handshake and prove the
 *                         secret before it is closed; {@value #DEFAULT_HANDSHAKE_SECONDS} s by default
 * @param dialling         how neighbours are dialled and redialled; {@link Dialling#DEFAULTS} by default
 * @param writeBuffer      the connection's write-buffer water marks: above the high mark a connection is
 *                         unwritable and no new piece starts until it drains below the low mark;
 *                         1 MiB and 4 MiB by default
 * @param flushLimit       writes merged into one flush while a connection reads;
 *                         {@value #DEFAULT_FLUSH_LIMIT} by default
 * @param piecesInFlight   pieces being sent to one peer at a time, at most; {@value #DEFAULT_PIECES_IN_FLIGHT}
 *                         by default
 * @param maxEarlyBytes    bytes (as encoded) of messages of operations this node has not started yet that
 *                         it keeps, across all peers, before it disconnects the peer that sends one more;
 *                         16 MiB by default
 * @param pieceBudget      bytes of received pieces waiting for their digest check and write, across all
 *                         peers, above which the node stops reading from its peers until half of them
 *                         are written ({@link PieceBudget}); 64 MiB by default
 * @param maxUnansweredRequests piece requests one peer may have waiting for an answer; a peer that
 *                         sends more ignores the protocol's per-peer cap and is disconnected;
 *                         {@value #DEFAULT_MAX_UNANSWERED_REQUESTS} by default
 * @param maxRate          bytes per second this node receives, and sends, at most across all its peer
 *                         connections together (each direction on its own; Netty's
 *                         {@code GlobalTrafficShapingHandler}); 0, the default, for no limit
 * @param tls              this node's identity for mutual TLS on every peer connection, or null (the
 *                         default) for plain TCP; with TLS, pieces are read into buffers to be encrypted
 *                         rather than sent zero-copy from the file
 */
public record TransportOptions(RobberRuntime runtime, LinkCustomizer links, Duration handshakeTimeout,
                               Dialling dialling, WriteBufferWaterMark writeBuffer, int flushLimit,
                               int piecesInFlight, long maxEarlyBytes, long pieceBudget,
                               int maxUnansweredRequests, long maxRate, TlsIdentity tls) {
    public static final int DEFAULT_HANDSHAKE_SECONDS = 10;
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(DEFAULT_HANDSHAKE_SECONDS);
    public static final WriteBufferWaterMark DEFAULT_WRITE_BUFFER = new WriteBufferWaterMark(1 << 20, 4 << 20);
    public static final int DEFAULT_FLUSH_LIMIT = 64;
    public static final int DEFAULT_PIECES_IN_FLIGHT = 2;
    public static final long DEFAULT_MAX_EARLY_BYTES = 16L << 20;
    public static final long DEFAULT_PIECE_BUDGET = 64L << 20;
    public static final int DEFAULT_MAX_UNANSWERED_REQUESTS = 256;

    public TransportOptions {
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(links, "links");
        Objects.requireNonNull(dialling, "dialling");
        Objects.requireNonNull(writeBuffer, "writeBuffer");
        positive(handshakeTimeout, "handshake timeout");
        if (flushLimit < 1) {
            throw new IllegalArgumentException("the flush limit must be at least 1, got " + flushLimit);
        }
        if (piecesInFlight < 1) {
            throw new IllegalArgumentException("at least one piece must be allowed in flight, got " + piecesInFlight);
        }
        if (maxEarlyBytes < 0) {
            throw new IllegalArgumentException("the bytes of early messages kept must not be negative, got "
                    + maxEarlyBytes);
        }
        if (pieceBudget < 1) {
            throw new IllegalArgumentException("the piece budget must be at least one byte, got " + pieceBudget);
        }
        if (maxUnansweredRequests < 1) {
            throw new IllegalArgumentException("at least one unanswered request per peer must be allowed, got "
                    + maxUnansweredRequests);
        }
        if (maxRate < 0) {
            throw new IllegalArgumentException("the rate limit must not be negative (0: none), got " + maxRate);
        }
    }

    /** The defaults on the JVM's shared runtime. */
    public static TransportOptions defaults() {
        return defaults(RobberRuntime.shared());
    }

    /** The defaults on the given runtime. */
    public static TransportOptions defaults(RobberRuntime runtime) {
        return new TransportOptions(runtime, LinkCustomizer.NONE, DEFAULT_HANDSHAKE_TIMEOUT, Dialling.DEFAULTS,
                DEFAULT_WRITE_BUFFER, DEFAULT_FLUSH_LIMIT, DEFAULT_PIECES_IN_FLIGHT, DEFAULT_MAX_EARLY_BYTES,
                DEFAULT_PIECE_BUDGET, DEFAULT_MAX_UNANSWERED_REQUESTS, 0, null);
    }

    public TransportOptions withRuntime(RobberRuntime newRuntime) {
        return new TransportOptions(newRuntime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withLinks(LinkCustomizer customizer) {
        return new TransportOptions(runtime, customizer, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withHandshakeTimeout(Duration timeout) {
        return new TransportOptions(runtime, links, timeout, dialling, writeBuffer, flushLimit, piecesInFlight,
                maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withDialling(Dialling newDialling) {
        return new TransportOptions(runtime, links, handshakeTimeout, newDialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withWriteBuffer(WriteBufferWaterMark marks) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, marks, flushLimit, piecesInFlight,
                maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withFlushLimit(int limit) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, limit, piecesInFlight,
                maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withPiecesInFlight(int pieces) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit, pieces,
                maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withMaxEarlyBytes(long bytes) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, bytes, pieceBudget, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withPieceBudget(long bytes) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, bytes, maxUnansweredRequests, maxRate, tls);
    }

    public TransportOptions withMaxUnansweredRequests(int requests) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, requests, maxRate, tls);
    }

    public TransportOptions withMaxRate(long bytesPerSecond) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, maxUnansweredRequests, bytesPerSecond, tls);
    }

    /** With mutual TLS under {@code identity} on every peer connection; null for plain TCP. */
    public TransportOptions withTls(TlsIdentity identity) {
        return new TransportOptions(runtime, links, handshakeTimeout, dialling, writeBuffer, flushLimit,
                piecesInFlight, maxEarlyBytes, pieceBudget, maxUnansweredRequests, maxRate, identity);
    }

    /**
     * How a node dials the neighbours it connects to: each attempt may take {@code attemptTimeout};
     * a failed one is retried after {@code firstRetry}, doubling up to {@code maxRetry}, until the
     * connect timeout (or, after a loss, the failure timeout) of the channel expires.
     */
    public record Dialling(Duration attemptTimeout, Duration firstRetry, Duration maxRetry) {
        /**
         * 5 s per attempt; retries after 20 ms, doubling up to 250 ms: members open their data channels
         * within a JVM start-up of each other, and a refused dial costs next to nothing, so a peer that
         * starts listening is reached within a quarter second (up to a second with the former 1 s cap).
         */
        public static final Dialling DEFAULTS = new Dialling(Duration.ofSeconds(5), Duration.ofMillis(20),
                Duration.ofMillis(250));

        public Dialling {
            positive(attemptTimeout, "dial attempt timeout");
            positive(firstRetry, "first dial retry delay");
            positive(maxRetry, "longest dial retry delay");
            if (maxRetry.compareTo(firstRetry) < 0) {
                throw new IllegalArgumentException("the longest dial retry delay (" + maxRetry
                        + ") must not be shorter than the first (" + firstRetry + ")");
            }
        }
    }

    private static void positive(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the " + what + " must be positive, got " + duration);
        }
    }
}
