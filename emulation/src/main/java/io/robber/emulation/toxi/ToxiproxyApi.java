package io.robber.emulation.toxi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A client of one Toxiproxy server's HTTP API, over TCP or over a Unix socket (the way into a
 * server that listens inside another network namespace: a Unix socket's path is reachable from
 * every namespace). One HTTP/1.0 request per connection, so the body ends where the connection
 * does and no chunked encoding comes back.
 */
public final class ToxiproxyApi {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SocketAddress address;

    private ToxiproxyApi(SocketAddress address) {
        this.address = address;
    }

    public static ToxiproxyApi tcp(String host, int port) {
        return new ToxiproxyApi(new InetSocketAddress(host, port));
    }

    public static ToxiproxyApi unix(Path socket) {
        return new ToxiproxyApi(UnixDomainSocketAddress.of(socket));
    }

    /** The server's version, e.g. {@code 2.12.0}. */
    public String version() throws IOException {
        return request("GET", "/version", null).path("version").asText();
    }

    /**
     * Waits until the server answers, at most {@code limit}, and returns its version; fails at once
     * when {@code starting} turns false (the server's process ended).
     */
    public String awaitVersion(Duration limit, BooleanSupplier starting) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                return version();
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !starting.getAsBoolean()) {
                    throw new IOException(this + " did not answer within " + limit.toSeconds() + " s: "
                            + e.getMessage(), e);
                }
                Thread.sleep(50);
            }
        }
    }

    /** Creates (or replaces) {@code proxies} in one call. */
    public void populate(List<WanProxy> proxies) throws IOException {
        ArrayNode body = JSON.createArrayNode();
        for (WanProxy p : proxies) {
            body.addObject().put("name", p.name()).put("listen", p.listen()).put("upstream", p.upstream())
                    .put("enabled", true);
        }
        request("POST", "/populate", body);
    }

    /**
     * Points the proxy named {@code proxy} at {@code upstream} ({@code host:port}); Toxiproxy
     * restarts the proxy, closing its connections.
     */
    public void upstream(String proxy, String upstream) throws IOException {
        request("POST", "/proxies/" + proxy, JSON.createObjectNode().put("upstream", upstream));
    }

    /** Adds {@code toxic} to the proxy named {@code proxy}. */
    public void add(String proxy, Toxic toxic) throws IOException {
        ObjectNode body = JSON.createObjectNode().put("name", toxic.name()).put("type", toxic.type())
                .put("stream", toxic.stream()).put("toxicity", 1.0);
        ObjectNode attributes = body.putObject("attributes");
        toxic.attributes().forEach(attributes::put);
        request("POST", "/proxies/" + proxy + "/toxics", body);
    }

    /** Removes the toxic named {@code toxic} from the proxy named {@code proxy}. */
    public void remove(String proxy, String toxic) throws IOException {
        request("DELETE", "/proxies/" + proxy + "/toxics/" + toxic, null);
    }

    /** The names of the toxics on the proxy named {@code proxy}. */
    public List<String> toxics(String proxy) throws IOException {
        JsonNode all = request("GET", "/proxies/" + proxy + "/toxics", null);
        return java.util.stream.StreamSupport.stream(all.spliterator(), false).map(t -> t.path("name").asText())
                .toList();
    }

    private JsonNode request(String method, String path, JsonNode body) throws IOException {
        byte[] content = body == null ? new byte[0] : JSON.writeValueAsBytes(body);
        String head = method + " " + path + " HTTP/1.0\r\nHost: toxiproxy\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + content.length + "\r\n\r\n";
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        try (SocketChannel channel = SocketChannel.open(address)) {
            ByteBuffer out = ByteBuffer.allocate(head.length() + content.length);
            out.put(head.getBytes(StandardCharsets.US_ASCII)).put(content).flip();
            while (out.hasRemaining()) {
                channel.write(out);
            }
            ByteBuffer in = ByteBuffer.allocate(8192);
            while (channel.read(in) >= 0) {
                response.write(in.array(), 0, in.position());
                in.clear();
            }
        }
        String text = response.toString(StandardCharsets.UTF_8);
        int split = text.indexOf("\r\n\r\n");
        String[] status = text.substring(0, Math.max(0, text.indexOf("\r\n"))).split(" ");
        if (split < 0 || status.length < 2) {
            throw new IOException("Toxiproxy at " + address + " gave no HTTP response to " + method + " " + path);
        }
        String payload = text.substring(split + 4);
        int code = Integer.parseInt(status[1]);
        if (code >= 300) {
            throw new IOException("Toxiproxy at " + address + ": " + method + " " + path + " -> " + code + " "
                    + payload.strip());
        }
        return payload.isBlank() ? JSON.createObjectNode() : JSON.readTree(payload);
    }

    @Override
    public String toString() {
        return "Toxiproxy API at " + address;
    }
}
