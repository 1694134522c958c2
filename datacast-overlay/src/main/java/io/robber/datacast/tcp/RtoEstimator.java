package io.robber.datacast.tcp;

/**
 * The retransmission timeout of RFC 6298: SRTT and RTTVAR from round-trip samples (α = 1/8,
 * β = 1/4, K = 4), the timeout kept between the settings' floor and ceiling, doubled on every
 * expiry (5.5) until the next sample; before the first sample it is ten floors, at most the
 * ceiling (RFC 6298's 1 s is five times Linux's 200 ms floor; an age in a data center). Callers take Karn's rule (no sample from a segment that was
 * sent more than once) or know which copy was answered. One estimator serves all of a session's
 * receivers, the handshake's SYN-ACKs included (RFC 6298 allows the SYN's round trip as the first
 * sample), and it keeps the least sample seen, RACK's reordering scale (RFC 8985).
 */
public final class RtoEstimator {
    private final long minRto;
    private final long maxRto;
    private long srtt = -1;
    private long rttvar;
    private long rto;
    private long minRtt = Long.MAX_VALUE;

    public RtoEstimator(TcpSettings settings) {
        this(settings.minRtoNanos(), settings.maxRtoNanos());
    }

    /** An estimator whose timeout stays within [{@code minRtoNanos}, {@code maxRtoNanos}]. */
    public RtoEstimator(long minRtoNanos, long maxRtoNanos) {
        this.minRto = minRtoNanos;
        this.maxRto = maxRtoNanos;
        this.rto = Math.min(10 * minRtoNanos, maxRtoNanos);
    }

    /** A round trip of {@code rtt} ns measured on a segment (or SYN) sent once. */
    public void sample(long rtt) {
        if (srtt < 0) {
            srtt = rtt;
            rttvar = rtt / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - rtt)) / 4;
            srtt = (7 * srtt + rtt) / 8;
        }
        minRtt = Math.min(minRtt, rtt);
        rto = Math.min(Math.max(srtt + 4 * rttvar, minRto), maxRto);
    }

    /** The timer expired: the timeout doubles, up to the ceiling. */
    public void backOff() {
        rto = Math.min(2 * rto, maxRto);
    }

    public long rto() {
        return rto;
    }

    /** The smoothed round trip; −1 before the first sample. */
    public long srtt() {
        return srtt;
    }

    /** The least round trip sampled; {@link Long#MAX_VALUE} before the first. */
    public long minRtt() {
        return minRtt;
    }
}
