package io.robber.rendezvous.control;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A receiver's control connection to its coordinator, on a blocking socket: a magic number and the
 * protocol version from each side, then frames of
 * {@code [length: int32][JSON: length bytes][MAC: 32 bytes, once authenticated]}. Lengths are checked
 * against a bound before anything is read, and a frame's bytes are buffered as they arrive, so a
 * lying length cannot make this side allocate more than the peer actually sends. The coordinator's
 * side of the same framing is {@link ControlFrameDecoder} and {@link ReceiverConnection}.
 */
public final class ControlChannel implements AutoCloseable {
    /** "RBRC": robber control. */
    public static final int MAGIC = 0x52425243;
    /** The control protocol version; a peer with another one is refused with a clear message. */
    public static final int VERSION = 2;
    /** Largest frame a coordinator reads from a receiver. */
    public static final int MAX_RECEIVER_FRAME = 1 << 20;
    /** Largest frame a receiver reads from the coordinator (the start frame carries the manifest). */
    public static final int MAX_COORDINATOR_FRAME = 64 << 20;
    static final byte FROM_COORDINATOR = 'C';
    static final byte FROM_RECEIVER = 'R';

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private byte[] key;
    private long sentFrames;
    private long receivedFrames;

    /** A raw frame as read: its JSON bytes and, when authenticated, the MAC that followed. */
    record Frame(byte[] payload, byte[] mac, long sequence) {
    }

    private ControlChannel(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /**
     * Exchanges magic numbers and versions on a connected socket.
     *
     * @throws VersionMismatch   when the peer speaks another version
     * @throws NotControlPeer    when the peer is not a robber control endpoint
     */
    static ControlChannel open(Socket socket, int version, Duration timeout) throws IOException {
        ControlChannel channel = new ControlChannel(socket);
        socket.setTcpNoDelay(true);
        socket.setKeepAlive(true);
        channel.out.writeInt(MAGIC);
        channel.out.writeInt(version);
        channel.out.flush();
        socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
        int magic;
        int theirs;
        try {
            magic = channel.in.readInt();
            theirs = channel.in.readInt();
        } catch (EOFException e) {
            throw new NotControlPeer("closed the connection before greeting");
        } catch (SocketTimeoutException e) {
            throw new NotControlPeer("did not greet within " + timeout.toSeconds() + " s");
        }
        if (magic != MAGIC) {
            throw new NotControlPeer("answered with something other than the robber control protocol");
        }
        if (theirs != version) {
            throw new VersionMismatch(theirs, version);
        }
        return channel;
    }

    /** From now on, frames carry and must carry a MAC under {@code sessionKey}. */
    void authenticate(byte[] sessionKey) {
        this.key = sessionKey;
    }

    synchronized void send(ControlMessage message) throws IOException {
        byte[] payload = ControlCodec.encode(message);
        out.writeInt(payload.length);
        out.write(payload);
        if (key != null) {
            out.write(ControlSupport.frameMac(key, FROM_RECEIVER, sentFrames, payload));
        }
        sentFrames++;
        out.flush();
    }

    /** Reads the next frame, waiting at most {@code timeout} (zero: forever). */
    Frame readFrame(Duration timeout) throws IOException {
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        int length = in.readInt();
        if (length <= 0 || length > MAX_COORDINATOR_FRAME) {
            throw MalformedControlFrame.tooLong(length, MAX_COORDINATOR_FRAME);
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(Math.min(length, 1 << 16));
        byte[] chunk = new byte[Math.min(length, 1 << 16)];
        int remaining = length;
        while (remaining > 0) {
            int n = in.read(chunk, 0, Math.min(chunk.length, remaining));
            if (n < 0) {
                throw new EOFException("connection closed inside a frame");
            }
            buffer.write(chunk, 0, n);
            remaining -= n;
        }
        byte[] mac = null;
        if (key != null) {
            mac = new byte[ControlSupport.MAC_BYTES];
            in.readFully(mac);
        }
        return new Frame(buffer.toByteArray(), mac, receivedFrames++);
    }

    /** Checks the MAC of a frame under the session key. */
    boolean verify(Frame frame) {
        return key == null || ControlSupport.verifyFrame(frame, key, FROM_COORDINATOR);
    }

    static ControlMessage parse(Frame frame) throws MalformedControlFrame {
        return ControlCodec.decode(frame.payload());
    }

    /** Reads, authenticates and parses the next message. */
    ControlMessage receive(Duration timeout) throws IOException {
        Frame frame = readFrame(timeout);
        if (!verify(frame)) {
            throw new MalformedControlFrame("sent a frame whose MAC does not match the shared secret");
        }
        return parse(frame);
    }

    /** The address this side of the connection has. */
    InetAddress localAddress() {
        return socket.getLocalAddress();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** The peer broke the framing rules. */
    public static final class MalformedControlFrame extends IOException {
        public MalformedControlFrame(String message) {
            super(message);
        }

        static MalformedControlFrame tooLong(int length, int max) {
            return new MalformedControlFrame("announced a frame of " + length + " bytes (at most " + max + ")");
        }
    }

    /** The peer is not a robber control endpoint. */
    public static final class NotControlPeer extends IOException {
        public NotControlPeer(String message) {
            super(message);
        }
    }

    /** The peer speaks another control protocol version. */
    public static final class VersionMismatch extends IOException {
        private final int theirs;
        private final int ours;

        public VersionMismatch(int theirs, int ours) {
            super("it speaks control protocol v" + theirs + ", this process v" + ours);
            this.theirs = theirs;
            this.ours = ours;
        }

        public int theirs() {
            return theirs;
        }

        public int ours() {
            return ours;
        }
    }
}
