package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class AddressesTest {
    @Test
    void parsesHostsPortsAndDefaults() {
        assertThat(Addresses.parse("127.0.0.1:7800", "--listen", null, -1)).isEqualTo(new InetSocketAddress("127.0.0.1", 7800));
        assertThat(Addresses.parse("127.0.0.2", "--listen", null, 0)).isEqualTo(new InetSocketAddress("127.0.0.2", 0));
        assertThat(Addresses.parse("9464", "--prometheus", "0.0.0.0", -1)).isEqualTo(new InetSocketAddress("0.0.0.0", 9464));
        assertThat(Addresses.parse("[::1]:7800", "--listen", null, -1).getPort()).isEqualTo(7800);
        assertThat(Addresses.format("::1", 7800)).isEqualTo("[::1]:7800");
    }

    @Test
    void badAddressesNameTheOption() {
        assertThatThrownBy(() -> Addresses.parse("host:port", "--listen", null, -1))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("--listen").hasMessageContaining("HOST[:PORT]");
        assertThatThrownBy(() -> Addresses.parse("host:70000", "--listen", null, -1))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("1-65535");
        assertThatThrownBy(() -> Addresses.parse("7800", "--coordinator", null, -1))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("needs a host");
    }
}
