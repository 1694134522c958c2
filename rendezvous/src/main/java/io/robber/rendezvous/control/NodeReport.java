package io.robber.rendezvous.control;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * One node's numbers after a transfer: part of every {@code --json} summary and of the report a
 * receiver sends its coordinator. Its JSON object has these fields in this order, absent values left out.
 *
 * @param seconds        from the start of the transfer until this node held every piece; null if it never did
 * @param throughputMBps data set bytes / seconds / 1e6
 * @param verified       its copy matched the root's SHA-256 and is in place
 * @param error          why not, absent on success
 */
public record NodeReport(String id, String cluster, String role, Double seconds, Double throughputMBps,
                         boolean verified, Traffic bytesIn, Traffic bytesOut, String error) {

    /** Payload bytes of one direction: within the node's cluster ({@code local}) and across clusters ({@code global}). */
    public record Traffic(long local, long global) {
    }

    public NodeReport withError(String newError) {
        return new NodeReport(id, cluster, role, seconds, throughputMBps, false, bytesIn, bytesOut, newError);
    }

    /** Writes this report as one JSON object. */
    public void writeTo(JsonGenerator json) throws IOException {
        json.writeStartObject();
        Json.string(json, "id", id);
        Json.string(json, "cluster", cluster);
        Json.string(json, "role", role);
        Json.number(json, "seconds", seconds);
        Json.number(json, "throughputMBps", throughputMBps);
        json.writeBooleanField("verified", verified);
        traffic(json, "bytesIn", bytesIn);
        traffic(json, "bytesOut", bytesOut);
        Json.string(json, "error", error);
        json.writeEndObject();
    }

    /** The report a JSON object holds, or null for none. */
    static NodeReport read(JsonFields f) throws ControlChannel.MalformedControlFrame {
        return f == null ? null : new NodeReport(f.string("id"), f.string("cluster"), f.string("role"),
                f.decimal("seconds"), f.decimal("throughputMBps"), f.bool("verified"), traffic(f.object("bytesIn")),
                traffic(f.object("bytesOut")), f.string("error"));
    }

    private static void traffic(JsonGenerator json, String name, Traffic traffic) throws IOException {
        if (traffic != null) {
            json.writeObjectFieldStart(name);
            json.writeNumberField("local", traffic.local());
            json.writeNumberField("global", traffic.global());
            json.writeEndObject();
        }
    }

    private static Traffic traffic(JsonFields f) throws ControlChannel.MalformedControlFrame {
        return f == null ? null : new Traffic(f.longInteger("local"), f.longInteger("global"));
    }
}
