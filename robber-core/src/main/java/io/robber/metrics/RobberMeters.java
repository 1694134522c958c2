package io.robber.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.robber.api.ChannelMeters;
import io.robber.engine.ProtocolMetrics;
import io.robber.wire.MessageType;
import java.util.Locale;

/**
 * The {@code robber.*} meters of one node, in the registry the application supplies. Tags:
 * {@code protocol}, {@code member} and, for traffic, {@code scope} = {@code local} (peer in the
 * same cluster) or {@code global}; for control messages, {@code type} = the message type.
 */
public final class RobberMeters implements ChannelMeters, ProtocolMetrics {
    public static final String BYTES_IN = "robber.bytes.in";
    public static final String BYTES_OUT = "robber.bytes.out";
    public static final String PIECES_IN = "robber.pieces.in";
    public static final String PIECES_OUT = "robber.pieces.out";
    public static final String DUPLICATES = "robber.pieces.duplicate";
    public static final String STEALS_TRIED = "robber.steals.tried";
    public static final String STEALS_SUCCEEDED = "robber.steals.succeeded";
    public static final String STEALS_UNANSWERED = "robber.steals.unanswered";
    public static final String PIECES_STOLEN = "robber.work.stolen";
    public static final String MESSAGES_OUT = "robber.messages.out";
    public static final String MESSAGES_REJECTED = "robber.messages.rejected";

    private final Counter[] bytesIn = new Counter[2];
    private final Counter[] bytesOut = new Counter[2];
    private final Counter[] piecesIn = new Counter[2];
    private final Counter[] piecesOut = new Counter[2];
    private final Counter duplicates;
    private final Counter stealsTried;
    private final Counter stealsUnanswered;
    private final Counter stealsSucceeded;
    private final Counter piecesStolen;
    private final Counter[] messagesOut = new Counter[MessageType.values().length];
    private final Counter[] messagesRejected = new Counter[MessageType.values().length];
    private final MeterRegistry registry;
    private final Tags tags;

    public RobberMeters(MeterRegistry registry, String protocol, String member) {
        this.registry = registry;
        this.tags = Tags.of("protocol", protocol, "member", member);
        for (Scope s : Scope.values()) {
            Tags scoped = tags.and("scope", s.tag());
            bytesIn[s.ordinal()] = Counter.builder(BYTES_IN).baseUnit("bytes").description("payload bytes received")
                    .tags(scoped).register(registry);
            bytesOut[s.ordinal()] = Counter.builder(BYTES_OUT).baseUnit("bytes").description("payload bytes sent")
                    .tags(scoped).register(registry);
            piecesIn[s.ordinal()] = Counter.builder(PIECES_IN).description("pieces received").tags(scoped).register(registry);
            piecesOut[s.ordinal()] = Counter.builder(PIECES_OUT).description("pieces sent").tags(scoped).register(registry);
        }
        duplicates = Counter.builder(DUPLICATES).description("pieces received that were already held")
                .tags(tags).register(registry);
        stealsTried = Counter.builder(STEALS_TRIED).description("steal messages sent").tags(tags).register(registry);
        stealsUnanswered = Counter.builder(STEALS_UNANSWERED).description("steals given up on, left unanswered past "
                + "their deadline").tags(tags).register(registry);
        stealsSucceeded = Counter.builder(STEALS_SUCCEEDED).description("steals that returned work")
                .tags(tags).register(registry);
        piecesStolen = Counter.builder(PIECES_STOLEN).description("pieces of work obtained by stealing")
                .tags(tags).register(registry);
    }

    public void pieceIn(Scope scope, int bytes) {
        piecesIn[scope.ordinal()].increment();
        bytesIn[scope.ordinal()].increment(bytes);
    }

    public void pieceOut(Scope scope, int bytes) {
        piecesOut[scope.ordinal()].increment();
        bytesOut[scope.ordinal()].increment(bytes);
    }

    /** One control message (anything but a piece) handed to the wire; its counter is registered on first use. */
    public void messageOut(MessageType type) {
        counter(messagesOut, MESSAGES_OUT, "control messages sent", type).increment();
    }

    /** A message or piece from a peer refused (its sender could not have produced it); registered on first use. */
    @Override
    public void messageRejected(MessageType type) {
        counter(messagesRejected, MESSAGES_REJECTED, "messages and pieces refused from peers", type).increment();
    }

    /** Messages of {@code type} refused so far. */
    public double messagesRejected(MessageType type) {
        Counter counter = messagesRejected[type.ordinal()];
        return counter == null ? 0 : counter.count();
    }

    private Counter counter(Counter[] byType, String name, String description, MessageType type) {
        Counter counter = byType[type.ordinal()];
        if (counter == null) {
            counter = Counter.builder(name).description(description)
                    .tags(tags.and("type", type.name().toLowerCase(Locale.ROOT))).register(registry);
            byType[type.ordinal()] = counter;
        }
        return counter;
    }

    @Override
    public double bytesIn(Scope scope) {
        return bytesIn[scope.ordinal()].count();
    }

    @Override
    public double bytesOut(Scope scope) {
        return bytesOut[scope.ordinal()].count();
    }

    @Override
    public double piecesIn(Scope scope) {
        return piecesIn[scope.ordinal()].count();
    }

    @Override
    public double piecesStolen() {
        return piecesStolen.count();
    }

    @Override
    public double stealsTried() {
        return stealsTried.count();
    }

    public double stealsSucceeded() {
        return stealsSucceeded.count();
    }

    public double duplicates() {
        return duplicates.count();
    }

    @Override
    public void duplicatePiece() {
        duplicates.increment();
    }

    @Override
    public void stealTried() {
        stealsTried.increment();
    }

    @Override
    public void stealUnanswered() {
        stealsUnanswered.increment();
    }

    @Override
    public void stealSucceeded(int pieces) {
        stealsSucceeded.increment();
        piecesStolen.increment(pieces);
    }
}
