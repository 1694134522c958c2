package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.exchange.ExchangeOptions;
import io.robber.exchange.ExchangeTuning;
import io.robber.exchange.PieceExchange;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A node of a cluster collective: the piece exchange with collective desire (local peers: every
 * missing piece; global peers: the node's work), and optionally work stealing and relaying. With
 * stealing and relaying ({@link OnlySourceFirst}, {@link WorkWishes}) this is Robber; without them, MOB.
 *
 * <p>When members die, this node takes over its part of their work ({@link Succession}) once it is
 * idle — out of work and, with stealing, with nobody left to steal from — less what it holds, awaits
 * or a live local neighbour offers. Waiting for idleness lets pieces that other members are still
 * fetching arrive first, which keeps duplicate wide-area transfers to the tail of the operation.
 */
public final class CollectiveEngine implements ProtocolEngine {
    /**
     * Pieces wished for per idle global peer: twice the default request window cap, or what the peer
     * delivers in two wish intervals at its measured rate if that is more (tc4-4x16, seed 42: 16 pieces
     * of 32 KiB per 100 ms capped a 12.5 MB/s peer at 5 MB/s of relayed work; 76.6 → 78.7 %).
     */
    private static final int WISHES_PER_PEER = 16;
    /**
     * The shortest time between two wishes. In virtual time (seed 42, wishes as bitmaps) 20 ms kept
     * tc1-slow's §4.4 overhead at 1.3 %, 100 ms brought it to 0.6 % for 3.5 points of tc4-4x16, 500 ms
     * to 0.3 % for 6; with wishes as piece gaps 100 ms costs 0.2 %, and 50 or 200 ms gain nothing.
     */
    private static final long WISH_INTERVAL_NANOS = 100_000_000L;

    private final EngineContext ctx;
    private final PieceExchange exchange;
    private final CollectiveWork work;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final Optional<WorkStealing> stealing;
    private final Optional<WorkWishes> wishes;
    private final Optional<ClusterRoundTrips> roundTrips;
    private final Succession succession;
    private final Optional<PieceClasses> classes;
    private final Optional<Starvation> starvation;
    private BitSet dead = new BitSet();
    private boolean inheritanceDue;
    /** What the collective held at the start; {@code null} until every member's possession is known. */
    private BitSet heldByCollective;

    public CollectiveEngine(EngineContext ctx, BitSet possession, BitSet initialWork, ExchangeTuning tuning,
                            boolean steal, boolean relay, Succession succession) {
        this.ctx = ctx;
        this.succession = succession;
        BitSet work = (BitSet) initialWork.clone();
        work.andNot(possession);
        this.work = new CollectiveWork(ctx, work, relay);
        this.localPeers = ctx.neighbours().stream().filter(ctx::isLocal).toList();
        this.globalPeers = ctx.neighbours().stream().filter(p -> !ctx.isLocal(p)).toList();
        this.classes = relay ? Optional.of(new PieceClasses(ctx.manifest().pieceCount(),
                ctx.group().clusterIndex(ctx.self()), ctx.group().clusters().size())) : Optional.empty();
        this.roundTrips = relay ? Optional.of(new ClusterRoundTrips(ctx, localPeers, globalPeers,
                WISH_INTERVAL_NANOS)) : Optional.empty();
        this.starvation = relay ? Optional.of(new Starvation(ctx.timers(), this::lookAgain)) : Optional.empty();
        OnlySourceFirst selection = relay ? new OnlySourceFirst(ctx.random(), globalPeers, p -> !ctx.isLocal(p),
                ctx.group()::clusterIndex, ctx.group().clusterIndex(ctx.self()), classes.get(),
                this::shortOfOwnClassAt, roundTrips.get(), ctx::isDone, starvation.get()) : null;
        this.exchange = relay
                ? new PieceExchange(ctx, this.work, tuning, possession, new ExchangeOptions(selection, false, false))
                : new PieceExchange(ctx, this.work, tuning, possession);
        this.stealing = steal ? Optional.of(new WorkStealing(ctx, this.work, exchange, localPeers, globalPeers,
                this::tellGlobalPeers, this::employ, this::inherit,
                classes.<Supplier<BitSet>>map(c -> c::own).orElse(BitSet::new))) : Optional.empty();
        this.wishes = relay ? Optional.of(new WorkWishes(ctx, this.work, exchange, localPeers, globalPeers,
                classes.get(), WISHES_PER_PEER, WISH_INTERVAL_NANOS, this::relay,
                (peer, offer) -> selection.keepTakable(exchange, peer, offer))) : Optional.empty();
        this.work.onAfterRequests(this::afterRequests);
    }

    @Override
    public void start() {
        ctx.neighbours().stream().filter(ctx::isLocal).forEach(exchange::sendDesire);
        stealing.ifPresent(WorkStealing::announceWork);
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (!exchange.onMessage(peer, message) && !stealing.map(s -> s.onMessage(peer, message)).orElse(false)) {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
        }
    }

    @Override
    public void onOwnMessage(int peer, Object message) {
        if (message instanceof RelayMessage.RoundTrips r && roundTrips.isPresent()) {
            if (!ctx.isLocal(peer) || !roundTrips.get().onReport(r)) {
                ctx.refuse(peer, MessageType.PROTOCOL,
                        "round trips from a global peer or to a cluster the group lacks");
            }
        } else if (message instanceof RelayMessage m && wishes.isPresent()) {
            wishes.get().onMessage(peer, m);
            afterRequests();
        }
    }

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
        exchange.onPieceReceived(peer, piece);
    }

    @Override
    public void onPieceRejected(int peer, int piece) {
        exchange.onPieceRejected(peer, piece);
    }

    /**
     * work(C) is what the collective must steal from other clusters (§3), so pieces some member of
     * the collective held from the start leave this node's work: they arrive over the local network.
     * Only now does the node tell its global peers what it desires, so that no piece its collective
     * already holds is ever requested over the WAN; work stolen, inherited or granted before or after
     * is filtered the same way, since the member it came from may not have known yet.
     */
    @Override
    public void onCollectivePossession(BitSet heldByCollective) {
        this.heldByCollective = (BitSet) heldByCollective.clone();
        work.work().andNot(heldByCollective);
        tellGlobalPeers();
        work.afterRequests();
    }

    /** The root collectives are known now: pieces are classed among the clusters that receive. */
    @Override
    public void onGroupPossession(List<BitSet> possessions) {
        classes.ifPresent(c -> c.withoutRoots(RootCollectives.of(ctx.group(), possessions,
                ctx.manifest().pieceCount())));
    }

    /** The desire to every global peer, once the collective's possession is known (and never before). */
    private void tellGlobalPeers() {
        if (heldByCollective != null) {
            globalPeers.forEach(exchange::sendDesire);
        }
    }

    /** {@code pieces} less what the collective held at the start, as far as known. */
    private BitSet lessCollectivePossession(BitSet pieces) {
        if (heldByCollective != null) {
            pieces.andNot(heldByCollective);
        }
        return pieces;
    }

    @Override
    public void stop() {
        exchange.stop();
        stealing.ifPresent(WorkStealing::stop);
        wishes.ifPresent(WorkWishes::stop);
    }

    @Override
    public void onPeerLost(int peer) {
        stealing.ifPresent(s -> s.onPeerLost(peer));
        wishes.ifPresent(w -> w.onPeerLost(peer));
        exchange.onPeerLost(peer);
    }

    @Override
    public void onPeerReconnected(int peer) {
        exchange.onPeerReconnected(peer);
        stealing.ifPresent(s -> s.onPeerReconnected(peer));
        wishes.ifPresent(w -> w.onPeerReconnected(peer));
        roundTrips.ifPresent(r -> r.onPeerReconnected(peer));
    }

    @Override
    public void onMembersDead(BitSet members) {
        dead = members;
        if (!succession.inheritance(ctx.self(), dead).isEmpty()) {
            inheritanceDue = true;
            afterRequests();
        }
    }

    /**
     * After every change of request state. Work that grew back from abandoned requests (their peer
     * lost or dead) is announced to the global peers and, if none of them took it at once, offered to
     * the local ones with §3.1's found-work: they may have found nothing to steal here while it was
     * requested, and this node may have no live global peer left to fetch it from.
     */
    private void afterRequests() {
        if (work.takeGrowth()) {
            tellGlobalPeers();
            if (!work.unemployed()) {
                stealing.ifPresent(s -> s.foundWork(work.work()));
            }
        }
        if (stealing.isPresent()) {
            stealing.get().maybeSteal();
            if (stealing.get().exhausted()) {
                exchange.hurry(globalPeers);
            }
        } else if (work.unemployed()) {
            inherit();
        }
        wishes.ifPresent(WorkWishes::maybeWish);
        roundTrips.ifPresent(r -> r.maybeReport(exchange));
        starvation.ifPresent(s -> s.update(exchange.pending().isEmpty() && !exchange.complete()));
    }

    /** The node starves ({@link Starvation}): it asks its peers again, now for any piece. */
    private void lookAgain() {
        exchange.fillAll();
    }

    /** A slow global peer was asked for none of this cluster's class: the next wish asks the local peers for it. */
    private void shortOfOwnClassAt(int peer) {
        wishes.ifPresent(w -> w.shortOfOwnClassAt(peer));
    }

    /** Granted work: fetch it from the global peers that offered it. */
    private void relay(BitSet pieces) {
        work.add(lessCollectivePossession(pieces));
        exchange.fill(globalPeers);
    }

    /** Idle after a death: take over this node's inheritance, less what it holds, awaits or a local peer offers. */
    private void inherit() {
        if (!inheritanceDue) {
            return;
        }
        inheritanceDue = false;
        BitSet share = succession.inheritance(ctx.self(), dead);
        share.andNot(exchange.possession());
        share.andNot(exchange.pending());
        share.andNot(exchange.announcedBy(localPeers));
        lessCollectivePossession(share);
        if (!share.isEmpty()) {
            employ(share);
        }
    }

    /**
     * New work: ask the global peers for it and tell the local ones there is work to steal (§3.1's
     * new-work sequence). Pieces the collective held at the start are no work (§3: work(C)); before
     * that is known the work waits, unrequested, as the initial work does.
     */
    private void employ(BitSet pieces) {
        if (lessCollectivePossession(pieces).isEmpty()) {
            afterRequests();
            return;
        }
        work.add(pieces);
        tellGlobalPeers();
        exchange.fill(globalPeers);
        stealing.ifPresent(s -> s.foundWork(pieces));
    }
}
