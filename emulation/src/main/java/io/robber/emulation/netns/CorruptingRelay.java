package io.robber.emulation.netns;

import io.robber.emulation.runner.LocalProcesses;
import io.robber.emulation.runner.RobberJar;
import io.robber.emulation.runner.TransferCommands;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.toxi.WanProxy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP relay that flips bytes in flight: a peer whose data arrives corrupted, which Toxiproxy has
 * no toxic for. {@code CorruptingRelay EVERY LISTEN UPSTREAM DIRECTION...} listens on each
 * {@code host:port} LISTEN, relays every connection to its UPSTREAM and, in DIRECTION ({@code up}:
 * what the connecting side sends; {@code down}: what comes back), leaves the first
 * {@value #CLEAN_BYTES} bytes alone (the handshake) and then inverts one byte in every EVERY.
 * Prints {@code listening} once every port is bound.
 *
 * <p>{@link #inFrontOf} puts relays on the hubs of a {@link NetnsGroup} for a corrupt fault: each
 * proxy that carries what the target sends across the WAN is pointed at a relay in its hub, which
 * forwards to the proxy's old upstream. Data connections only: the control connection to the
 * root's coordinator is left alone, as for the toxics ({@link NetnsFaults}).
 */
public final class CorruptingRelay {
    static final int CLEAN_BYTES = 4096;
    /** One flipped byte in this many: about one per piece of 64 KiB. */
    static final int EVERY = 48 * 1024;
    private static final int FIRST_PORT = 21000;

    private CorruptingRelay() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 4 || (args.length - 1) % 3 != 0) {
            System.err.println("usage: CorruptingRelay EVERY LISTEN UPSTREAM up|down [LISTEN UPSTREAM up|down]...");
            System.exit(2);
        }
        int every = Integer.parseInt(args[0]);
        List<ServerSocket> servers = new ArrayList<>();
        for (int i = 1; i < args.length; i += 3) {
            ServerSocket server = new ServerSocket();
            server.bind(address(args[i]));
            servers.add(server);
        }
        System.out.println("listening");
        System.out.flush();
        for (int i = 0; i < servers.size(); i++) {
            ServerSocket server = servers.get(i);
            InetSocketAddress upstream = address(args[2 + 3 * i]);
            boolean up = args[3 + 3 * i].equals("up");
            Thread t = new Thread(() -> accept(server, upstream, up, every), "relay-" + server.getLocalPort());
            t.start();
        }
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    private static void accept(ServerSocket server, InetSocketAddress upstream, boolean up, int every) {
        while (true) {
            try {
                Socket client = server.accept();
                Socket far = new Socket();
                try {
                    far.connect(upstream, 10_000);
                } catch (IOException e) {
                    client.close();
                    far.close();
                    continue;
                }
                pump(client, far, up ? every : 0);
                pump(far, client, up ? 0 : every);
            } catch (IOException e) {
                System.err.println("relay: " + e.getMessage());
                return;
            }
        }
    }

    /** Copies {@code from} to {@code to}, inverting a byte in every {@code every} ({@code 0}: none). */
    private static void pump(Socket from, Socket to, int every) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16 * 1024];
            long seen = 0;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    if (every > 0) {
                        for (int i = 0; i < n; i++) {
                            long at = seen + i;
                            if (at >= CLEAN_BYTES && (at - CLEAN_BYTES) % every == every / 2) {
                                buf[i] = (byte) ~buf[i];
                            }
                        }
                    }
                    seen += n;
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // one side closed: close both below
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        });
        t.setDaemon(true);
        t.start();
    }

    /**
     * Relays in front of what node {@code rank} of {@code cluster} sends across the WAN: on every
     * other hub, between the proxies towards the node and the node ({@code down}); on its own hub,
     * between its cluster's proxies and their remote upstreams ({@code up}). The proxies are
     * re-pointed (closing their connections, which the nodes open again through the relays); the
     * returned undo points them back and stops the relays.
     */
    static NetnsFaults.Undo inFrontOf(NetnsGroup group, int cluster, int rank) throws IOException {
        HubProxies hubs = group.proxies().orElseThrow(() -> new IllegalStateException(
                "corrupt needs Toxiproxy on the hubs: " + HubProxies.unavailableReason().orElse("")));
        NamespaceNetwork net = group.network();
        List<Process> relays = new ArrayList<>();
        List<WanProxy> moved = new ArrayList<>();
        try {
            for (int c = 0; c < net.plan().clusterCount(); c++) {
                List<String> args = new ArrayList<>(List.of(String.valueOf(EVERY)));
                List<WanProxy> here = new ArrayList<>();
                for (WanProxy p : hubs.plan().at(c)) {
                    boolean towards = p.to() == cluster && p.rank() == rank;
                    if ((towards || c == cluster) && p.port() != TransferCommands.COORDINATOR_PORT) {
                        String listen = AddressPlan.hubInside(c) + ":" + (FIRST_PORT + here.size());
                        args.addAll(List.of(listen, p.upstream(), towards ? "down" : "up"));
                        here.add(p);
                    }
                }
                if (here.isEmpty()) {
                    continue;
                }
                List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", net.topology().hub(c)));
                command.addAll(LocalProcesses.java("64m", List.of("-cp", RobberJar.locate("netns").toString(),
                        CorruptingRelay.class.getName()), args));
                Process relay = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                relays.add(relay);
                String ready = new BufferedReader(new InputStreamReader(relay.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                if (!"listening".equals(ready)) {
                    throw new IOException("the corrupting relay on hub " + c + " did not start");
                }
                for (int i = 0; i < here.size(); i++) {
                    WanProxy p = here.get(i);
                    hubs.api(c).upstream(p.name(), AddressPlan.hubInside(c) + ":" + (FIRST_PORT + i));
                    moved.add(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            restore(hubs, moved, relays);
            throw e;
        }
        return () -> restore(hubs, moved, relays);
    }

    private static void restore(HubProxies hubs, List<WanProxy> moved, List<Process> relays) throws IOException {
        try {
            for (WanProxy p : moved) {
                hubs.api(p.from()).upstream(p.name(), p.upstream());
            }
        } finally {
            LocalProcesses.stop(relays);
        }
    }
}
