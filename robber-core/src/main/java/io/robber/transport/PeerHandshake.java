package io.robber.transport;

import io.robber.api.Group;
import io.netty.handler.ssl.SslHandler;
import io.robber.security.SecretProof;
import io.robber.security.TlsIdentity;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * What one node says and checks when a connection to a peer opens: its own handshake (wire version,
 * protocol, the group's session, its member index and the connection's fresh nonce), the checks of the
 * peer's, and the proofs both ways that each side knows the group's secret ({@link SecretProof}).
 */
final class PeerHandshake {
    private final Group group;
    private final int self;
    private final List<Integer> neighbours;
    private final String protocol;
    private final long session;
    private final SecretProof proof;

    PeerHandshake(Group group, int self, List<Integer> neighbours, String protocol, long session, SecretProof proof) {
        this.group = group;
        this.self = self;
        this.neighbours = neighbours;
        this.protocol = protocol;
        this.session = session;
        this.proof = proof;
    }

    static byte[] newNonce() {
        return SecretProof.nonce(Handshake.NONCE_LENGTH);
    }

    /** This node's handshake for a new connection, with that connection's fresh nonce. */
    Handshake ours(byte[] nonce) {
        return new Handshake(Handshake.VERSION, protocol, session, self, nonce);
    }

    /**
     * Checks the peer's handshake, received on a connection this node dialled to {@code dialled} (or
     * accepted, -1), and returns the peer's member index; throws {@link HandshakeException} otherwise.
     */
    int check(Handshake h, int dialled) {
        if (h.version() != Handshake.VERSION) {
            throw new HandshakeException("version mismatch: the peer speaks wire version " + h.version()
                    + ", this node " + Handshake.VERSION + "; run the same Robber version everywhere");
        }
        if (!h.protocol().equals(protocol)) {
            throw new HandshakeException("the peer runs protocol '" + h.protocol() + "', this node '" + protocol + "'");
        }
        if (h.session() != session) {
            throw new HandshakeException("the peer belongs to another group (session "
                    + Long.toHexString(h.session()) + ", ours " + Long.toHexString(session) + ")");
        }
        int peer = h.member();
        if (!neighbours.contains(peer)) {
            throw new HandshakeException("member index " + peer + " is not a neighbour of " + group.member(self).id());
        }
        if (dialled >= 0 ? peer != dialled : peer > self) {
            throw new HandshakeException("member " + group.member(peer).id() + " answered on the wrong connection");
        }
        return peer;
    }

    /**
     * With TLS ({@code tls} not null), checks that the certificate the peer presented names the member
     * it claims to be; throws {@link HandshakeException} otherwise.
     */
    void checkCertificate(SslHandler tls, int peer) {
        if (tls == null) {
            return;
        }
        String id = group.member(peer).id();
        Set<String> names;
        try {
            names = TlsIdentity.peerNames(tls.engine().getSession());
        } catch (SSLPeerUnverifiedException e) {
            throw new HandshakeException("member " + id + " presented no certificate");
        }
        if (!names.contains(id)) {
            throw new HandshakeException("the peer claims to be member " + id + " but its certificate is for "
                    + String.join(", ", names) + ": a member's certificate must name its member id");
        }
    }

    /** Our proof of the secret for {@code peer}, which challenged us with {@code peerNonce}. */
    Auth prove(byte[] peerNonce, int peer) {
        return new Auth(proof.prove(peerNonce, self, peer));
    }

    /** True when {@code peer}'s proof answers the nonce we sent it. */
    boolean verify(Auth auth, byte[] ownNonce, int peer) {
        return proof.verify(auth.proof(), ownNonce, peer, self);
    }
}
