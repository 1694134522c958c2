package io.robber.emulation.netns;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Round trips over one TCP connection between two namespaces, to measure the delay a path adds.
 * {@code echo PORT} accepts connections (one at a time) and sends back every byte it gets;
 * {@code ping HOST PORT COUNT} connects (retrying for up to 10 s while the echo starts), sends one
 * byte and waits for it {@code COUNT} times, and prints {@code rtt-ms=R1,R2,... median=M}. Nagle's
 * algorithm is off on both ends, so a byte leaves at once.
 */
public final class RoundTripProbe {
    private static final int TIMEOUT_MILLIS = 30_000;
    private static final long CONNECT_RETRY_MILLIS = 10_000;

    private RoundTripProbe() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length == 2 && args[0].equals("echo")) {
            echo(Integer.parseInt(args[1]));
        } else if (args.length == 4 && args[0].equals("ping")) {
            System.out.println(ping(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3])));
        } else {
            System.err.println("usage: RoundTripProbe echo PORT | ping HOST PORT COUNT");
            System.exit(2);
        }
    }

    private static void echo(int port) throws IOException {
        try (ServerSocket server = new ServerSocket(port)) {
            System.out.println("listening " + port);
            System.out.flush();
            while (true) {
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    s.setTcpNoDelay(true);
                    s.setSoTimeout(TIMEOUT_MILLIS);
                    for (int b; (b = in.read()) >= 0; ) {
                        out.write(b);
                    }
                } catch (IOException e) {
                    System.err.println("echo: " + e.getMessage());
                }
            }
        }
    }

    private static String ping(String host, int port, int count) throws IOException, InterruptedException {
        long giveUp = System.currentTimeMillis() + CONNECT_RETRY_MILLIS;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
                s.setTcpNoDelay(true);
                s.setSoTimeout(TIMEOUT_MILLIS);
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                double[] rtt = new double[count];
                for (int i = 0; i < count; i++) {
                    long start = System.nanoTime();
                    out.write(i & 0x7f);
                    if (in.read() < 0) {
                        throw new IOException("the echo closed the connection after " + i + " round trips");
                    }
                    rtt[i] = (System.nanoTime() - start) / 1e6;
                }
                StringJoiner all = new StringJoiner(",");
                for (double r : rtt) {
                    all.add(String.format(Locale.ROOT, "%.2f", r));
                }
                double[] sorted = rtt.clone();
                Arrays.sort(sorted);
                return String.format(Locale.ROOT, "rtt-ms=%s median=%.2f", all, sorted[count / 2]);
            } catch (ConnectException e) {
                if (System.currentTimeMillis() > giveUp) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
