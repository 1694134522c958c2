package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The control protocol's JSON: every message keeps the exact form that Jackson's data binding gave it before
 * the codec was written by hand (the lines below were printed by it), so peers of either build still talk;
 * bad frames are refused with the field they got wrong.
 */
class ControlCodecTest {

    static Stream<Arguments> everyMessage() {
        return Stream.of(
                Arguments.of(
                        new Hello("0.1.0", true, "bm9uY2U=", "rendezvous", new Offer("data.bin", "file", 268435456L, 1)),
                        "{\"type\":\"hello\",\"robber\":\"0.1.0\",\"auth\":true,\"nonce\":\"bm9uY2U=\",\"mode\":\"rendezvous\",\"offer\":{\"name\":\"data.bin\",\"kind\":\"file\",\"size\":268435456,\"files\":1}}"),
                Arguments.of(
                        new Register("0.1.0", "bm9uY2U=", "r1", "site-a", "127.0.0.2", 17801, null),
                        "{\"type\":\"register\",\"robber\":\"0.1.0\",\"nonce\":\"bm9uY2U=\",\"id\":\"r1\",\"cluster\":\"site-a\",\"host\":\"127.0.0.2\",\"port\":17801}"),
                Arguments.of(
                        new Decline("0.1.0", "bm9uY2U=", "r2", "no space"),
                        "{\"type\":\"decline\",\"robber\":\"0.1.0\",\"nonce\":\"bm9uY2U=\",\"id\":\"r2\",\"reason\":\"no space\"}"),
                Arguments.of(
                        new Accepted(3, 8, true),
                        "{\"type\":\"accepted\",\"registered\":3,\"expected\":8,\"rejoined\":true}"),
                Arguments.of(
                        new Refused("wrong-secret", "the MAC does not match"),
                        "{\"type\":\"refused\",\"code\":\"wrong-secret\",\"reason\":\"the MAC does not match\"}"),
                Arguments.of(
                        new Waiting(1, 8),
                        "{\"type\":\"waiting\",\"registered\":1,\"expected\":8}"),
                Arguments.of(
                        new ManifestPart(0, "AAAA"),
                        "{\"type\":\"manifest\",\"index\":0,\"digests\":\"AAAA\"}"),
                Arguments.of(
                        new Start("robber", List.of(new MemberSpec("sender", "site-a", "127.0.0.1", 17800), new MemberSpec("r1", "site-b", "127.0.0.2", 17801)), new Offer("d", "tree", 10, 2), new ManifestSpec(10, 4, 1, "ab", "cd"), "dHJlZQ=="),
                        "{\"type\":\"start\",\"protocol\":\"robber\",\"members\":[{\"id\":\"sender\",\"cluster\":\"site-a\",\"host\":\"127.0.0.1\",\"port\":17800},{\"id\":\"r1\",\"cluster\":\"site-b\",\"host\":\"127.0.0.2\",\"port\":17801}],\"offer\":{\"name\":\"d\",\"kind\":\"tree\",\"size\":10,\"files\":2},\"manifest\":{\"size\":10,\"pieceSize\":4,\"parts\":1,\"root\":\"ab\",\"sha256\":\"cd\"},\"tree\":\"dHJlZQ==\"}"),
                Arguments.of(
                        new Progress(5000000000L),
                        "{\"type\":\"progress\",\"bytes\":5000000000}"),
                Arguments.of(
                        new Done(true, null, new NodeReport("r1", "site-b", "receiver", 1.25, 214.7, true, new NodeReport.Traffic(1, 2), new NodeReport.Traffic(3, 4), null)),
                        "{\"type\":\"done\",\"ok\":true,\"node\":{\"id\":\"r1\",\"cluster\":\"site-b\",\"role\":\"receiver\",\"seconds\":1.25,\"throughputMBps\":214.7,\"verified\":true,\"bytesIn\":{\"local\":1,\"global\":2},\"bytesOut\":{\"local\":3,\"global\":4}}}"),
                Arguments.of(
                        new Done(false, "disk full", new NodeReport("r1", null, "receiver", null, null, false, null, null, "disk full")),
                        "{\"type\":\"done\",\"ok\":false,\"error\":\"disk full\",\"node\":{\"id\":\"r1\",\"role\":\"receiver\",\"verified\":false,\"error\":\"disk full\"}}"),
                Arguments.of(
                        new Departed("r3", "lost"),
                        "{\"type\":\"departed\",\"id\":\"r3\",\"reason\":\"lost\"}"),
                Arguments.of(
                        new Finish(List.of(), null),
                        "{\"type\":\"finish\",\"failed\":[]}"),
                Arguments.of(
                        new Finish(List.of("r3"), "r3 was lost"),
                        "{\"type\":\"finish\",\"failed\":[\"r3\"],\"reason\":\"r3 was lost\"}"),
                Arguments.of(
                        new Abort("stopped"),
                        "{\"type\":\"abort\",\"reason\":\"stopped\"}"));
    }

    @ParameterizedTest
    @MethodSource("everyMessage")
    void everyMessageKeepsItsWireForm(ControlMessage message, String json) throws Exception {
        assertThat(new String(ControlCodec.encode(message), StandardCharsets.UTF_8)).isEqualTo(json);
        assertThat(ControlCodec.decode(bytes(json))).isEqualTo(message);
    }

    @Test
    void fieldsInAnyOrderAndFieldsItDoesNotKnowAreRead() throws Exception {
        assertThat(ControlCodec.decode(bytes("""
                {"registered":2,"later":{"nested":[1,2.5,null,"x",{}]},"type":"waiting","expected":9,"extra":null}""")))
                .isEqualTo(new Waiting(2, 9));
    }

    @Test
    void absentAndNullFieldsReadAsNullZeroOrFalse() throws Exception {
        assertThat(ControlCodec.decode(bytes("{\"type\":\"register\",\"id\":null}")))
                .isEqualTo(new Register(null, null, null, null, null, 0, null));
        assertThat(ControlCodec.decode(bytes("{\"type\":\"start\"}")))
                .isEqualTo(new Start(null, null, null, null, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "[]", "null", "\"hello\"", "{\"type\":\"hello\"", "{\"type\":\"hello\"} {}", "{}", "{\"type\":7}",
        "{\"type\":\"wave\"}", "{\"type\":\"waiting\",\"registered\":\"2\"}",
        "{\"type\":\"waiting\",\"registered\":2.5}", "{\"type\":\"waiting\",\"registered\":4294967296}",
        "{\"type\":\"progress\",\"bytes\":99999999999999999999}", "{\"type\":\"hello\",\"auth\":1}",
        "{\"type\":\"hello\",\"offer\":[]}", "{\"type\":\"finish\",\"failed\":[\"r1\",null]}",
        "{\"type\":\"start\",\"members\":[1]}", "{\"type\":\"done\",\"node\":{\"seconds\":\"1\"}}",
        "\u00ff\u00fe"})
    void anythingElseIsAMalformedFrame(String json) {
        assertThatThrownBy(() -> ControlCodec.decode(json.getBytes(StandardCharsets.ISO_8859_1)))
                .isInstanceOf(MalformedControlFrame.class)
                .hasMessageStartingWith("sent a");
    }

    @Test
    void aWrongFieldIsNamed() {
        assertThatThrownBy(() -> ControlCodec.decode(bytes("{\"type\":\"accepted\",\"expected\":\"many\"}")))
                .hasMessage("sent a control message whose 'expected' is not an integer");
    }

    @Test
    void deepNestingIsRefusedNotFollowed() {
        String deep = "{\"type\":\"abort\",\"x\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertThatThrownBy(() -> ControlCodec.decode(bytes(deep)))
                .isInstanceOf(MalformedControlFrame.class)
                .hasMessageContaining("nesting");
    }

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
