package io.robber.rendezvous;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Parses {@code HOST[:PORT]} options. */
public final class Addresses {
    private Addresses() {
    }

    /**
     * Parses {@code HOST:PORT}, {@code HOST}, {@code :PORT}, {@code PORT} or {@code [IPv6]:PORT}.
     *
     * @param defaultHost used when only a port is given; null: a host is required
     * @param defaultPort used when no port is given; -1: a port is required; 0: any free port
     * @throws ConfigurationException naming the option
     */
    public static InetSocketAddress parse(String text, String option, String defaultHost, int defaultPort) {
        String value = text == null ? "" : text.trim();
        String host;
        String port;
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 0) {
                throw bad(option, value);
            }
            host = value.substring(1, close);
            String rest = value.substring(close + 1);
            port = rest.startsWith(":") ? rest.substring(1) : rest.isEmpty() ? null : "x";
        } else if (value.chars().allMatch(Character::isDigit) && !value.isEmpty()) {
            host = null;
            port = value;
        } else {
            int colon = value.lastIndexOf(':');
            if (colon >= 0 && value.indexOf(':') != colon) {
                host = value;
                port = null;
            } else {
                host = colon < 0 ? value : value.substring(0, colon);
                port = colon < 0 ? null : value.substring(colon + 1);
            }
        }
        if (host == null || host.isEmpty()) {
            if (defaultHost == null) {
                throw new ConfigurationException(option + " needs a host, e.g. " + option + " 198.18.0.1:7800; got '"
                        + value + "'");
            }
            host = defaultHost;
        }
        int number;
        if (port == null) {
            if (defaultPort < 0) {
                throw new ConfigurationException(option + " needs a port, e.g. " + option + " " + host + ":7800; got '"
                        + value + "'");
            }
            number = defaultPort;
        } else {
            try {
                number = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw bad(option, value);
            }
            if (number < 0 || number > 65535) {
                throw new ConfigurationException(option + " has port " + number + ": use 1-65535");
            }
        }
        return new InetSocketAddress(host, number);
    }

    private static ConfigurationException bad(String option, String value) {
        return new ConfigurationException(option + " '" + value + "' is not HOST[:PORT], e.g. 198.18.0.1:7800 or [::1]:7800");
    }

    public static String format(InetSocketAddress a) {
        return format(a.getHostString(), a.getPort());
    }

    public static String format(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
