package io.robber.datacast.bench;

/**
 * One run of one protocol delivering one data set from a source to a group on a data-center
 * topology, in virtual time, as the Datacast paper's Fig. 14 measures it.
 *
 * @param protocol       {@code datacast} or the name given for a swarm, e.g. {@code bt-optimized}
 * @param receivers      the group's receivers (the source not counted)
 * @param trees          the Steiner trees Datacast uses for this group (the ideal's k), for every protocol
 * @param dataBytes      the data set's size
 * @param finishSeconds  when the last receiver had everything (virtual time from the start), NaN if not all did
 * @param idealSeconds   data ÷ (trees × link rate)
 * @param linkStress     data bytes carried over all links ÷ (data × links of the trees): how often each data
 *                       byte crossed each tree link (1 when it crosses each exactly once)
 * @param networkStress  every byte carried over all links (control included) over the same denominator
 * @param duplicateRatio Datacast's duplicate data ÷ new data at the source, NaN for a swarm
 * @param cacheHits      interests Datacast answered from a cache (source's and branching nodes'), −1 for a swarm
 * @param complete       every receiver holds every packet (Datacast) or piece (a swarm)
 * @param events         discrete events the run took
 * @param wallSeconds    wall-clock time of the run on this machine
 * @param error          why the run failed, or null
 */
public record TopologyRun(String topology, String protocol, int receivers, int repeat, int trees, long dataBytes,
        double finishSeconds, double idealSeconds, double linkStress, double networkStress, double duplicateRatio,
        long cacheHits, boolean complete, long events, double wallSeconds, String error) {

    /** Payload delivered to the slowest receiver, Mbit/s. */
    public double throughputMbps() {
        return dataBytes * 8 / finishSeconds / 1e6;
    }

    /** Finish time ÷ ideal. */
    public double ofIdeal() {
        return finishSeconds / idealSeconds;
    }

    public double eventsPerSecond() {
        return events / wallSeconds;
    }
}
