package io.robber.rendezvous;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * A free data port, held from the moment it is chosen until the data channel binds it. The kernel
 * hands a port that was free out again at once, so a port only probed and released could go to a
 * second node on the same host that chooses while the first waits for the start; the two would
 * register the same address. {@link #NONE} stands for a port the user chose.
 */
final class DataPort implements AutoCloseable {
    static final DataPort NONE = new DataPort(null);

    private final ServerSocket socket;

    private DataPort(ServerSocket socket) {
        this.socket = socket;
    }

    /**
     * Binds a free port of {@code host} and holds it.
     *
     * @throws ConfigurationException when {@code host} is not an address of this machine
     */
    static DataPort reserve(String host, String option) {
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(host, 0), 1);
            return new DataPort(socket);
        } catch (IOException e) {
            release(socket);
            throw new ConfigurationException("cannot listen on " + host + " (" + e.getMessage() + "): use an address of "
                    + "this machine for " + option);
        }
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Lets the port go, for the data channel to bind it next; safe to call more than once. */
    @Override
    public void close() {
        release(socket);
    }

    private static void release(ServerSocket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // a listening socket that fails to close holds nothing we can act on
        }
    }
}
