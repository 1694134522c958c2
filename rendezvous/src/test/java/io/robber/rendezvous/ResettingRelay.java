package io.robber.rendezvous;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on loopback in front of a coordinator, for tests: it pipes every connection it accepts to
 * {@code target}, and {@link #reset()} ends those open now with a reset (RST), as a NAT or a proxy that
 * drops connections does. New connections go through afterwards.
 */
final class ResettingRelay implements AutoCloseable {
    private final ServerSocket server = new ServerSocket();
    private final InetSocketAddress target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile int accepted;

    ResettingRelay(InetSocketAddress target) throws IOException {
        this.target = target;
        server.bind(new InetSocketAddress("127.0.0.1", 0));
        Thread acceptor = new Thread(this::accept, "relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@code 127.0.0.1:PORT}. */
    String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /** Connections accepted so far. */
    int accepted() {
        return accepted;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                Socket out = new Socket(target.getAddress(), target.getPort());
                open.add(in);
                open.add(out);
                accepted++;
                pipe(in, out);
                pipe(out, in);
            } catch (IOException e) {
                // closed, or the target refused: the client sees its connection end
            }
        }
    }

    private static void pipe(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // one side ended
            }
            closeQuietly(to);
        }, "relay-pipe");
        t.setDaemon(true);
        t.start();
    }

    /** Resets every connection open now, on both sides. */
    void reset() {
        for (Socket s : open) {
            try {
                s.setSoLinger(true, 0);
            } catch (IOException e) {
                // closed already
            }
            closeQuietly(s);
        }
        open.clear();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        reset();
    }
}
