package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.Registration;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupFileTest {
    private static final String YAML = """
            members:
              - id: ams-1
                cluster: amsterdam
                address: 198.18.1.1:7700
              - id: ams-2
                cluster: amsterdam
                address: 198.18.1.2:7700
              - id: chi-1
                cluster: chicago
                address: 198.18.2.1:7700
                control: 198.18.2.1:9000
            """;

    @TempDir
    Path dir;

    @Test
    void yamlAndJsonDescribeTheSameGroupInFileOrder() throws IOException {
        GroupFile yaml = GroupFile.read(Files.writeString(dir.resolve("g.yaml"), YAML));
        GroupFile json = GroupFile.read(Files.writeString(dir.resolve("g.json"), """
                {"members": [
                  {"id": "ams-1", "cluster": "amsterdam", "address": "198.18.1.1:7700"},
                  {"id": "ams-2", "cluster": "amsterdam", "address": "198.18.1.2:7700"},
                  {"id": "chi-1", "cluster": "chicago", "address": "198.18.2.1:7700", "control": "198.18.2.1:9000"}]}
                """));

        assertThat(yaml.members()).isEqualTo(json.members());
        assertThat(yaml.digest()).isEqualTo(json.digest());
        assertThat(yaml.members()).extracting(m -> m.id()).containsExactly("ams-1", "ams-2", "chi-1");
        assertThat(yaml.controlAddress(yaml.entry("ams-1"))).isEqualTo(new InetSocketAddress("198.18.1.1", 7701));
        assertThat(yaml.controlAddress(yaml.entry("chi-1"))).isEqualTo(new InetSocketAddress("198.18.2.1", 9000));
    }

    @Test
    void mistakesAreOneLineConfigurationErrors() throws IOException {
        assertThatThrownBy(() -> GroupFile.read(Files.writeString(dir.resolve("typo.yaml"),
                YAML.replace("cluster: chicago", "clutser: chicago"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("unknown field 'clutser'");
        assertThatThrownBy(() -> GroupFile.read(Files.writeString(dir.resolve("twice.yaml"),
                YAML.replace("id: ams-2", "id: ams-1"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("ams-1 appears twice");
        assertThatThrownBy(() -> GroupFile.read(Files.writeString(dir.resolve("noport.yaml"),
                YAML.replace("198.18.1.2:7700", "198.18.1.2"))))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("needs a port");
        assertThatThrownBy(() -> GroupFile.read(dir.resolve("missing.json")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("does not exist");
        assertThatThrownBy(() -> GroupFile.read(Files.writeString(dir.resolve("empty.json"), "{\"members\": []}")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("no members");
        GroupFile ok = GroupFile.read(Files.writeString(dir.resolve("ok.yaml"), YAML));
        assertThatThrownBy(() -> ok.entry("nobody"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("ams-1, ams-2, chi-1");
    }

    @Test
    void theRootAdmitsExactlyTheMembersOfItsFile() throws IOException {
        GroupFile file = GroupFile.read(Files.writeString(dir.resolve("g.yaml"), YAML));
        var admission = file.admission("ams-1");
        String digest = file.digest();

        assertThat(admission.conflict(register("ams-2", "amsterdam", "198.18.1.2", 7700, digest), List.of())).isEmpty();
        assertThat(admission.conflict(register("ams-2", "amsterdam", "198.18.1.2", 7700, "other"), List.of()))
                .get().asString().contains("different group file");
        assertThat(admission.conflict(register("ams-1", "amsterdam", "198.18.1.1", 7700, digest), List.of()))
                .get().asString().contains("not a receiver");
        assertThat(admission.conflict(register("ams-2", "chicago", "198.18.1.2", 7700, digest), List.of()))
                .get().asString().contains("differ");
        assertThat(admission.conflict(register("ams-2", "amsterdam", "198.18.1.2", 7700, digest),
                List.of(new Registration("ams-2", "amsterdam", "198.18.1.2", 7700, "x"))))
                .get().asString().contains("already registered");
    }

    private static ControlMessage.Register register(String id, String cluster, String host, int port, String digest) {
        return new ControlMessage.Register("test", "", id, cluster, host, port, digest);
    }
}
