package io.robber.rendezvous.control;

import io.robber.security.SecretProof;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.concurrent.ThreadFactory;

/** Small helpers of the control protocol's two sides. */
final class ControlSupport {
    static final int NONCE_BYTES = 32;
    static final int MAC_BYTES = SecretProof.LENGTH;

    private ControlSupport() {
    }

    static byte[] nonce() {
        return SecretProof.nonce(NONCE_BYTES);
    }

    /** The MAC of one frame: HMAC(key, direction | sequence number | payload). */
    static byte[] frameMac(byte[] key, byte direction, long sequence, byte[] payload) {
        byte[] header = ByteBuffer.allocate(9).put(direction).putLong(sequence).array();
        return SecretProof.hmac(key, header, payload);
    }

    /** True when a frame from {@code direction} carries the right MAC under {@code key}. */
    static boolean verifyFrame(ControlChannel.Frame frame, byte[] key, byte direction) {
        return frame.mac() != null
                && SecretProof.equal(frame.mac(), frameMac(key, direction, frame.sequence(), frame.payload()));
    }

    static byte[] decodeNonce(String text) throws IOException {
        byte[] nonce;
        try {
            nonce = Base64.getDecoder().decode(text == null ? "" : text);
        } catch (IllegalArgumentException e) {
            throw new ControlChannel.MalformedControlFrame("sent a nonce that is not base64");
        }
        if (nonce.length != NONCE_BYTES) {
            throw new ControlChannel.MalformedControlFrame("sent a nonce of " + nonce.length + " bytes");
        }
        return nonce;
    }

    static String b64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    static String describe(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
