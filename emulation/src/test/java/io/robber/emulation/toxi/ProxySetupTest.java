package io.robber.emulation.toxi;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies.Service;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxySetupTest {
    /** A 1 node, B 1 node; A→B 30 ms, B→A 10 ms. */
    private static WanProxies proxies() throws IOException {
        String json = """
                {"name": "setup", "clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}],
                 "links": [{"from": "A", "to": "B", "delay": "30ms"}, {"from": "B", "to": "A", "delay": "10ms"}]}""";
        ShapingPlan plan = ShapingPlan.of(NetworkModel.parse(json).resolve(), false);
        return WanProxies.of(plan, List.of(new Service(0, 0, 7800), new Service(1, 0, 7900)));
    }

    @Test
    void aHubsFileReadsBackAsItsProxiesWithTheirLatencies() throws IOException {
        WanProxies proxies = proxies();

        List<ProxySetup.Entry> entries = ProxySetup.read(ProxySetup.file(proxies, 0, true));

        assertThat(entries).containsExactly(new ProxySetup.Entry(proxies.at(0).get(0),
                List.of(Toxic.latency("delay-up", Toxic.UPSTREAM, 30), Toxic.latency("delay-down", Toxic.DOWNSTREAM, 10))));
        assertThat(ProxySetup.read(ProxySetup.file(proxies, 1, false))).extracting(ProxySetup.Entry::toxics)
                .containsExactly(List.of());
        assertThat(proxies.delays()).isTrue();
    }

    @Test
    void applyingAFilePopulatesTheProxiesThenAddsEachToxic() throws Exception {
        List<String> requests = Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread fake = new Thread(() -> answer(server, requests));
            fake.setDaemon(true);
            fake.start();

            int toxics = ProxySetup.apply(ToxiproxyApi.tcp("127.0.0.1", server.getLocalPort()),
                    ProxySetup.read(ProxySetup.file(proxies(), 1, true)));

            assertThat(toxics).isEqualTo(2);
            assertThat(requests).hasSize(3);
            assertThat(requests.get(0)).startsWith("POST /populate ").contains("\"name\":\"c0n0p7800\"",
                    "\"listen\":\"198.18.1.254:20000\"", "\"upstream\":\"198.18.0.1:7800\"");
            assertThat(requests.get(1)).startsWith("POST /proxies/c0n0p7800/toxics ")
                    .contains("\"stream\":\"upstream\"", "\"latency\":10");
            assertThat(requests.get(2)).contains("\"stream\":\"downstream\"", "\"latency\":30");
        }
    }

    /** A Toxiproxy stand-in: records each request (head and body) and answers 200 with an empty object. */
    private static void answer(ServerSocket server, List<String> requests) {
        while (!server.isClosed()) {
            try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                StringBuilder head = new StringBuilder();
                while (!head.toString().endsWith("\r\n\r\n")) {
                    head.append((char) in.read());
                }
                String length = head.toString().lines().filter(l -> l.startsWith("Content-Length:")).findFirst()
                        .orElse("Content-Length: 0");
                byte[] body = in.readNBytes(Integer.parseInt(length.substring(length.indexOf(':') + 1).strip()));
                requests.add(head + new String(body, StandardCharsets.UTF_8));
                out.write("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{}".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return;
            }
        }
    }
}
