package io.robber.emulation.toxi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One hub's share of a {@link WanProxies} plan as a file, and the program that applies it to the
 * Toxiproxy server beside it: {@code ProxySetup HOST:PORT FILE} waits for the server's API, creates
 * the file's proxies and adds their toxics, then prints what it did. For a hub that cannot be
 * reached from outside while it starts (a container): Toxiproxy's own {@code -config} file holds
 * proxies but no toxics.
 */
public final class ProxySetup {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final long START_SECONDS = 60;

    /** A proxy and the toxics it starts with. */
    public record Entry(WanProxy proxy, List<Toxic> toxics) {
    }

    private ProxySetup() {
    }

    /** The proxies on the hub of {@code cluster}, each with its latency toxics when {@code delays}. */
    public static List<Entry> entries(WanProxies plan, int cluster, boolean delays) {
        return plan.at(cluster).stream().map(p -> new Entry(p, delays ? plan.latencies(p) : List.of())).toList();
    }

    /** The {@link #entries} as a file. */
    public static String file(WanProxies plan, int cluster, boolean delays) {
        try {
            return JSON.writeValueAsString(entries(plan, cluster, delays)) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a {@link #file}. */
    public static List<Entry> read(String file) throws IOException {
        return JSON.readValue(file, new TypeReference<List<Entry>>() {
        });
    }

    /** Creates {@code entries}' proxies on the server behind {@code api} and adds their toxics; returns the toxics added. */
    public static int apply(ToxiproxyApi api, List<Entry> entries) throws IOException {
        api.populate(entries.stream().map(Entry::proxy).toList());
        int toxics = 0;
        for (Entry e : entries) {
            for (Toxic t : e.toxics()) {
                api.add(e.proxy().name(), t);
                toxics++;
            }
        }
        return toxics;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2 || !args[0].contains(":")) {
            System.err.println("usage: ProxySetup HOST:PORT FILE");
            System.exit(2);
        }
        String host = args[0].substring(0, args[0].lastIndexOf(':'));
        ToxiproxyApi api = ToxiproxyApi.tcp(host, Integer.parseInt(args[0].substring(args[0].lastIndexOf(':') + 1)));
        List<Entry> entries = read(Files.readString(Path.of(args[1])));
        String version = api.awaitVersion(Duration.ofSeconds(START_SECONDS), () -> true);
        int toxics = apply(api, entries);
        System.out.println("toxiproxy " + version + ": " + entries.size() + " proxies, " + toxics + " toxics");
    }
}
