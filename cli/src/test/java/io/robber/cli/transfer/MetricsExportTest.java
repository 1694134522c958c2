package io.robber.cli.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.ChannelMeters;
import io.robber.cli.CliFailure;
import io.robber.metrics.RobberMeters;
import io.robber.rendezvous.TransferListener;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** --prometheus serves the robber.* meters at /metrics; --jmx registers them in the platform MBean server. */
class MetricsExportTest {

    @Test
    void prometheusServesTheMetersAndJmxRegistersThem() throws Exception {
        try (MetricsExport export = MetricsExport.start(true, "127.0.0.1:0")) {
            RobberMeters meters = new RobberMeters(export.registry(), "robber", "r1");
            meters.pieceIn(ChannelMeters.Scope.GLOBAL, 1000);
            meters.stealSucceeded(3);

            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + export.prometheusPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body())
                    .contains("robber_bytes_in_bytes_total{member=\"r1\",protocol=\"robber\",scope=\"global\"} 1000.0")
                    .contains("robber_work_stolen_total{member=\"r1\",protocol=\"robber\"} 3.0");
            assertThat(ManagementFactory.getPlatformMBeanServer()
                    .queryNames(new ObjectName(MetricsExport.JMX_DOMAIN + ":*"), null)).isNotEmpty();
        }
    }

    @Test
    void aTakenPrometheusPortIsAUsageError() throws Exception {
        try (MetricsExport first = MetricsExport.start(false, "127.0.0.1:0")) {
            assertThatThrownBy(() -> MetricsExport.start(false, "127.0.0.1:" + first.prometheusPort()))
                    .isInstanceOf(CliFailure.class)
                    .hasMessageContaining("the port is in use");
        }
    }

    /** Issue 14, found item 12: /metrics binds loopback unless told otherwise and carries the progress. */
    @Test
    void servesTheProgressOnLoopbackByDefault() throws Exception {
        try (MetricsExport export = MetricsExport.start(false, "0")) {
            export.progress(TransferListener.SILENT).progress(250, 1000, "");

            assertThat(export.server().getAddress().getAddress().isLoopbackAddress()).isTrue();
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + export.prometheusPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).contains("robber_transfer_progress 0.25")
                    .contains("robber_transfer_done_bytes 250.0").contains("robber_transfer_total_bytes 1000.0");
        }
    }
}
