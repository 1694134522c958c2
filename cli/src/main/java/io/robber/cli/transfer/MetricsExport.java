package io.robber.cli.transfer;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.core.instrument.util.HierarchicalNameMapper;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.robber.cli.CliFailure;
import io.robber.rendezvous.Addresses;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * Where a transfer's {@code robber.*} meters go: always an in-memory registry (for the summary),
 * plus JMX ({@code --jmx}, domain {@value #JMX_DOMAIN}) and a Prometheus scrape endpoint
 * ({@code --prometheus [HOST:]PORT}, path {@code /metrics}).
 */
public final class MetricsExport implements AutoCloseable {
    public static final String JMX_DOMAIN = "io.robber";

    private final CompositeMeterRegistry registry = new CompositeMeterRegistry();
    private JmxMeterRegistry jmx;
    private PrometheusMeterRegistry prometheus;
    private HttpServer server;

    private MetricsExport() {
        registry.add(new SimpleMeterRegistry());
    }

    /**
     * @param jmx        expose the meters over JMX
     * @param prometheus {@code [HOST:]PORT} to serve {@code /metrics} on, or null
     * @throws CliFailure (usage) when the Prometheus port cannot be bound
     */
    public static MetricsExport start(boolean jmx, String prometheus) {
        MetricsExport export = new MetricsExport();
        if (jmx) {
            JmxConfig config = new JmxConfig() {
                @Override
                public String get(String key) {
                    return null;
                }

                @Override
                public String domain() {
                    return JMX_DOMAIN;
                }
            };
            export.jmx = new JmxMeterRegistry(config, Clock.SYSTEM, HierarchicalNameMapper.DEFAULT);
            export.registry.add(export.jmx);
        }
        if (prometheus != null) {
            InetSocketAddress address = Addresses.parse(prometheus, "--prometheus", "0.0.0.0", -1);
            export.prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            export.registry.add(export.prometheus);
            try {
                export.server = HttpServer.create(address, 16);
            } catch (BindException e) {
                export.close();
                throw CliFailure.configuration("cannot serve metrics on " + prometheus + " (" + e.getMessage()
                        + "): the port is in use; pick another --prometheus port");
            } catch (IOException e) {
                export.close();
                throw CliFailure.configuration("cannot serve metrics on " + prometheus + ": " + e.getMessage());
            }
            PrometheusMeterRegistry scraped = export.prometheus;
            export.server.createContext("/metrics", exchange -> {
                byte[] body = scraped.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            export.server.setExecutor(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "robber-prometheus");
                t.setDaemon(true);
                return t;
            }));
            export.server.start();
        }
        return export;
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** The port /metrics is served on, or -1. */
    public int prometheusPort() {
        return server == null ? -1 : server.getAddress().getPort();
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
        }
        registry.close();
    }
}
