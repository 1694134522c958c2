package io.robber.rendezvous.control;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.robber.rendezvous.control.ControlChannel.MalformedControlFrame;
import io.robber.rendezvous.control.ControlMessage.Abort;
import io.robber.rendezvous.control.ControlMessage.Accepted;
import io.robber.rendezvous.control.ControlMessage.Decline;
import io.robber.rendezvous.control.ControlMessage.Departed;
import io.robber.rendezvous.control.ControlMessage.Done;
import io.robber.rendezvous.control.ControlMessage.Finish;
import io.robber.rendezvous.control.ControlMessage.Hello;
import io.robber.rendezvous.control.ControlMessage.ManifestPart;
import io.robber.rendezvous.control.ControlMessage.ManifestSpec;
import io.robber.rendezvous.control.ControlMessage.MemberSpec;
import io.robber.rendezvous.control.ControlMessage.Offer;
import io.robber.rendezvous.control.ControlMessage.Progress;
import io.robber.rendezvous.control.ControlMessage.Refused;
import io.robber.rendezvous.control.ControlMessage.Register;
import io.robber.rendezvous.control.ControlMessage.Start;
import io.robber.rendezvous.control.ControlMessage.Waiting;
import java.io.IOException;
import java.util.List;

/**
 * The JSON form of {@link ControlMessage}s: one object per frame, its kind in a {@code type} field that comes
 * first, absent values left out, fields this side does not know skipped ({@link JsonFields}).
 *
 * <p>Written by hand over jackson-core's streaming parser and generator ({@link Json}) rather than bound by
 * Jackson's data binding: the wire format is the protocol's, so it is spelt out here field by field, and a
 * receiver that only ever reads these dozen messages need not introspect their classes at start-up (about a
 * fifth of a CPU-second per process, more than the rest of the rendezvous).
 */
final class ControlCodec {
    private ControlCodec() {
    }

    /** The frame payload of {@code message}. */
    static byte[] encode(ControlMessage message) {
        return Json.bytes(json -> {
            json.writeStartObject();
            writeFields(json, message);
            json.writeEndObject();
        });
    }

    /**
     * The message a frame payload holds.
     *
     * @throws MalformedControlFrame if it is not one JSON object, has no known {@code type}, or a field has the wrong
     *                               kind of value
     */
    static ControlMessage decode(byte[] payload) throws MalformedControlFrame {
        JsonFields fields;
        try (JsonParser json = Json.FACTORY.createParser(payload)) {
            JsonToken first = json.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new MalformedControlFrame("sent a frame that is not a control message (" + notAnObject(first) + ")");
            }
            fields = JsonFields.read(json);
            if (json.nextToken() != null) {
                throw new MalformedControlFrame("sent a frame with more after its JSON object");
            }
        } catch (MalformedControlFrame e) {
            throw e;
        } catch (IOException e) {
            throw new MalformedControlFrame("sent a frame that is not a control message (" + e.getMessage()
                    .lines().findFirst().orElse("unreadable JSON") + ")");
        }
        String type = fields.string("type");
        if (type == null) {
            throw new MalformedControlFrame("sent a frame that is not a control message (no type)");
        }
        return message(type, fields);
    }

    private static String notAnObject(JsonToken token) {
        if (token == null) {
            return "no JSON in it";
        }
        return switch (token) {
            case VALUE_NULL -> "JSON null";
            case START_ARRAY -> "a JSON array";
            default -> "a JSON value that is not an object";
        };
    }

    private static void writeFields(JsonGenerator json, ControlMessage message) throws IOException {
        if (message instanceof Hello m) {
            json.writeStringField("type", "hello");
            Json.string(json, "robber", m.robber());
            json.writeBooleanField("auth", m.auth());
            Json.string(json, "nonce", m.nonce());
            Json.string(json, "mode", m.mode());
            offer(json, m.offer());
        } else if (message instanceof Register m) {
            json.writeStringField("type", "register");
            Json.string(json, "robber", m.robber());
            Json.string(json, "nonce", m.nonce());
            Json.string(json, "id", m.id());
            Json.string(json, "cluster", m.cluster());
            Json.string(json, "host", m.host());
            json.writeNumberField("port", m.port());
            Json.string(json, "groupDigest", m.groupDigest());
        } else if (message instanceof Decline m) {
            json.writeStringField("type", "decline");
            Json.string(json, "robber", m.robber());
            Json.string(json, "nonce", m.nonce());
            Json.string(json, "id", m.id());
            Json.string(json, "reason", m.reason());
        } else if (message instanceof Accepted m) {
            json.writeStringField("type", "accepted");
            json.writeNumberField("registered", m.registered());
            json.writeNumberField("expected", m.expected());
            json.writeBooleanField("rejoined", m.rejoined());
        } else if (message instanceof Refused m) {
            json.writeStringField("type", "refused");
            Json.string(json, "code", m.code());
            Json.string(json, "reason", m.reason());
        } else if (message instanceof Waiting m) {
            json.writeStringField("type", "waiting");
            json.writeNumberField("registered", m.registered());
            json.writeNumberField("expected", m.expected());
        } else if (message instanceof ManifestPart m) {
            json.writeStringField("type", "manifest");
            json.writeNumberField("index", m.index());
            Json.string(json, "digests", m.digests());
        } else if (message instanceof Start m) {
            json.writeStringField("type", "start");
            Json.string(json, "protocol", m.protocol());
            members(json, m.members());
            offer(json, m.offer());
            manifest(json, m.manifest());
            Json.string(json, "tree", m.tree());
        } else if (message instanceof Progress m) {
            json.writeStringField("type", "progress");
            json.writeNumberField("bytes", m.bytes());
        } else if (message instanceof Done m) {
            json.writeStringField("type", "done");
            json.writeBooleanField("ok", m.ok());
            Json.string(json, "error", m.error());
            if (m.node() != null) {
                json.writeFieldName("node");
                m.node().writeTo(json);
            }
        } else if (message instanceof Departed m) {
            json.writeStringField("type", "departed");
            Json.string(json, "id", m.id());
            Json.string(json, "reason", m.reason());
        } else if (message instanceof Finish m) {
            json.writeStringField("type", "finish");
            Json.strings(json, "failed", m.failed());
            Json.string(json, "reason", m.reason());
        } else if (message instanceof Abort m) {
            json.writeStringField("type", "abort");
            Json.string(json, "reason", m.reason());
        } else {
            throw new IllegalArgumentException("no JSON form for " + message.getClass().getName());
        }
    }

    private static ControlMessage message(String type, JsonFields f) throws MalformedControlFrame {
        return switch (type) {
            case "hello" -> new Hello(f.string("robber"), f.bool("auth"), f.string("nonce"), f.string("mode"),
                    offer(f.object("offer")));
            case "register" -> new Register(f.string("robber"), f.string("nonce"), f.string("id"), f.string("cluster"),
                    f.string("host"), f.integer("port"), f.string("groupDigest"));
            case "decline" -> new Decline(f.string("robber"), f.string("nonce"), f.string("id"), f.string("reason"));
            case "accepted" -> new Accepted(f.integer("registered"), f.integer("expected"), f.bool("rejoined"));
            case "refused" -> new Refused(f.string("code"), f.string("reason"));
            case "waiting" -> new Waiting(f.integer("registered"), f.integer("expected"));
            case "manifest" -> new ManifestPart(f.integer("index"), f.string("digests"));
            case "start" -> new Start(f.string("protocol"), members(f.objects("members")), offer(f.object("offer")),
                    manifest(f.object("manifest")), f.string("tree"));
            case "progress" -> new Progress(f.longInteger("bytes"));
            case "done" -> new Done(f.bool("ok"), f.string("error"), NodeReport.read(f.object("node")));
            case "departed" -> new Departed(f.string("id"), f.string("reason"));
            case "finish" -> new Finish(f.strings("failed"), f.string("reason"));
            case "abort" -> new Abort(f.string("reason"));
            default -> throw new MalformedControlFrame("sent a control message of unknown type '" + type + "'");
        };
    }

    private static void offer(JsonGenerator json, Offer offer) throws IOException {
        if (offer != null) {
            json.writeObjectFieldStart("offer");
            Json.string(json, "name", offer.name());
            Json.string(json, "kind", offer.kind());
            json.writeNumberField("size", offer.size());
            json.writeNumberField("files", offer.files());
            json.writeEndObject();
        }
    }

    private static Offer offer(JsonFields f) throws MalformedControlFrame {
        return f == null ? null : new Offer(f.string("name"), f.string("kind"), f.longInteger("size"), f.integer("files"));
    }

    private static void members(JsonGenerator json, List<MemberSpec> members) throws IOException {
        if (members != null) {
            json.writeArrayFieldStart("members");
            for (MemberSpec member : members) {
                json.writeStartObject();
                Json.string(json, "id", member.id());
                Json.string(json, "cluster", member.cluster());
                Json.string(json, "host", member.host());
                json.writeNumberField("port", member.port());
                json.writeEndObject();
            }
            json.writeEndArray();
        }
    }

    private static List<MemberSpec> members(List<JsonFields> members) throws MalformedControlFrame {
        if (members == null) {
            return null;
        }
        MemberSpec[] specs = new MemberSpec[members.size()];
        for (int i = 0; i < specs.length; i++) {
            JsonFields f = members.get(i);
            specs[i] = new MemberSpec(f.string("id"), f.string("cluster"), f.string("host"), f.integer("port"));
        }
        return List.of(specs);
    }

    private static void manifest(JsonGenerator json, ManifestSpec manifest) throws IOException {
        if (manifest != null) {
            json.writeObjectFieldStart("manifest");
            json.writeNumberField("size", manifest.size());
            json.writeNumberField("pieceSize", manifest.pieceSize());
            json.writeNumberField("parts", manifest.parts());
            Json.string(json, "root", manifest.root());
            Json.string(json, "sha256", manifest.sha256());
            json.writeEndObject();
        }
    }

    private static ManifestSpec manifest(JsonFields f) throws MalformedControlFrame {
        return f == null ? null : new ManifestSpec(f.longInteger("size"), f.integer("pieceSize"), f.integer("parts"),
                f.string("root"), f.string("sha256"));
    }
}
