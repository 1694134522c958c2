package io.robber.rendezvous.control;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Base64;

/** Small helpers of the control protocol's two sides. */
final class ControlSupport {
    private ControlSupport() {
    }

    static byte[] decodeNonce(String text) throws IOException {
        byte[] nonce;
        try {
            nonce = Base64.getDecoder().decode(text == null ? "" : text);
        } catch (IllegalArgumentException e) {
            throw new ControlChannel.MalformedControlFrame("sent a nonce that is not base64");
        }
        if (nonce.length != Secret.NONCE_BYTES) {
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

    static String hostPort(InetSocketAddress a) {
        String host = a.getHostString();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
