package io.robber.bittorrent;

import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.exchange.ExchangeOptions;
import io.robber.exchange.ExchangePolicy;
import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One BitTorrent node: the shared piece exchange with every missing piece desired from every peer
 * (no clusters, no work), a piece-selection strategy (random, rarest-first, or Cornet's blocks) and,
 * in the classic variant, the {@link Choker} deciding whom the exchange serves. As in the papers'
 * runs, a node that holds everything stays and serves until the whole group is done (the operation
 * keeps it running; it never leaves the swarm early).
 */
final class BitTorrentEngine implements ProtocolEngine, ExchangePolicy {

    private final EngineContext ctx;
    private final PieceExchange exchange;
    private final Optional<Choker> choker;
    private final boolean blocks;

    BitTorrentEngine(EngineContext ctx, BitSet possession, BitTorrentOptions options) {
        this.ctx = ctx;
        int blockPieces = options.blockPieces(ctx.manifest().pieceSize());
        PieceSelection piece = options.rarestFirst() ? new RarestFirst(ctx.random()) : PieceSelection.random(ctx.random());
        this.blocks = blockPieces > 1;
        PieceSelection selection = blocks ? new BlockSelection(blockPieces, piece) : piece;
        this.exchange = new PieceExchange(ctx, this, options.exchange(), possession,
                new ExchangeOptions(selection, options.choking(), options.endGame()));
        this.choker = options.choking()
                ? Optional.of(new Choker(ctx.timers(), ctx.random(), options.unchoked(), options.rechokeNanos(),
                        exchange::choke, exchange::complete))
                : Optional.empty();
    }

    @Override
    public void start() {
        ctx.neighbours().forEach(exchange::sendDesire);
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (!exchange.onMessage(peer, message)) {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
        }
    }

    /**
     * Counts the bytes for tit-for-tat. With blocks, a piece that arrives can free a block for the
     * other peers, so every peer's requests are topped up, not only the sender's.
     */
    @Override
    public boolean expects(int peer, int piece) {
        return exchange.expects(peer, piece);
    }

    @Override
    public void onPieceArriving(int peer, int piece) {
        exchange.onPieceArriving(peer, piece);
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        choker.ifPresent(c -> c.received(peer, ctx.manifest().pieceLength(piece)));
        exchange.onPieceReceived(peer, piece);
        if (blocks) {
            exchange.fillAll();
        }
    }

    @Override
    public void onPieceRejected(int peer, int piece) {
        exchange.onPieceRejected(peer, piece);
    }

    @Override
    public void onPeerLost(int peer) {
        choker.ifPresent(c -> c.forget(peer));
        exchange.onPeerLost(peer);
    }

    /** The peer starts afresh: choked both ways and not interested, greeted with our desire. */
    @Override
    public void onPeerReconnected(int peer) {
        choker.ifPresent(c -> c.forget(peer));
        exchange.onPeerReconnected(peer);
    }

    /**
     * BitTorrent adds no peers during an operation, so a node all of whose neighbours died can never
     * get the rest: it fails at once, saying so, instead of waiting for the failure timeout.
     */
    @Override
    public void onMembersDead(BitSet dead) {
        if (!exchange.complete() && ctx.neighbours().stream().allMatch(dead::get)) {
            ctx.fail("every peer of member " + ctx.group().member(ctx.self()).id() + " died ("
                    + ctx.neighbours().stream().map(n -> ctx.group().member(n).id()).collect(Collectors.joining(", "))
                    + ") while it still missed " + exchange.missing().cardinality()
                    + " pieces; bittorrent adds no peers during an operation, so multicast again");
        }
    }

    @Override
    public void stop() {
        choker.ifPresent(Choker::stop);
        exchange.stop();
    }

    // ---- ExchangePolicy ----

    /** Every missing piece, from every peer: BitTorrent knows no clusters and divides no work. */
    @Override
    public BitSet desire(int peer) {
        return null;
    }

    @Override
    public void onServed(int peer, int piece) {
        choker.ifPresent(c -> c.sent(peer, ctx.manifest().pieceLength(piece)));
    }

    @Override
    public void onInterest(int peer, boolean interested) {
        choker.ifPresent(c -> c.interest(peer, interested));
    }
}
