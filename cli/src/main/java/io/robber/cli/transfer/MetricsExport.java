package io.robber.cli.transfer;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Gauge;
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
import io.robber.rendezvous.TransferListener;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a transfer's {@code robber.*} meters go: always an in-memory registry (for the summary),
 * plus JMX ({@code --jmx}, domain {@value #JMX_DOMAIN}) and a Prometheus scrape endpoint
 * ({@code --prometheus [HOST:]PORT}, path {@code /metrics}, on loopback unless HOST says otherwise).
 * Beside the data channel's meters it carries the transfer's progress as the listener sees it:
 * {@value #PROGRESS} (0 to 1), {@value #DONE_BYTES} and {@value #TOTAL_BYTES}.
 */
public final class MetricsExport implements AutoCloseable {
    public static final String JMX_DOMAIN = "io.robber";
    public static final String PROGRESS = "robber.transfer.progress";
    public static final String DONE_BYTES = "robber.transfer.done.bytes";
    public static final String TOTAL_BYTES = "robber.transfer.total.bytes";

    private final CompositeMeterRegistry registry = new CompositeMeterRegistry();
    private JmxMeterRegistry jmx;
    private PrometheusMeterRegistry prometheus;
    private HttpServer server;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong total = new AtomicLong();

    private MetricsExport() {
        registry.add(new SimpleMeterRegistry());
        Gauge.builder(PROGRESS, () -> total.get() == 0 ? 0 : (double) done.get() / total.get())
                .description("the share of the data set done: this node's bytes, or on the sender all receivers'")
                .register(registry);
        Gauge.builder(DONE_BYTES, done::get).baseUnit("bytes").register(registry);
        Gauge.builder(TOTAL_BYTES, total::get).baseUnit("bytes").register(registry);
    }

    /** {@code listener}, with its progress also kept for the {@value #PROGRESS} gauges. */
    public TransferListener progress(TransferListener listener) {
        return new TransferListener() {
            @Override
            public void info(String line) {
                listener.info(line);
            }

            @Override
            public void warn(String line) {
                listener.warn(line);
            }

            @Override
            public void progress(long bytesDone, long bytesTotal, String note) {
                total.set(bytesTotal);
                done.set(bytesDone);
                listener.progress(bytesDone, bytesTotal, note);
            }

            @Override
            public void endProgress() {
                listener.endProgress();
            }
        };
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
            InetSocketAddress address = Addresses.parse(prometheus, "--prometheus", "127.0.0.1", -1);
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

    /** The server of /metrics, or null. */
    HttpServer server() {
        return server;
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
