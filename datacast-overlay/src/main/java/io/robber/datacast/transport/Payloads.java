package io.robber.datacast.transport;

import java.nio.ByteBuffer;

/**
 * The bytes a transfer's data packets carry: the source reads them, each receiver is handed every
 * data packet it takes. {@link #NONE} in virtual time, where packets carry no bytes.
 */
public interface Payloads {
    Payloads NONE = new Payloads() {
        @Override
        public ByteBuffer read(DataName name) {
            return null;
        }

        @Override
        public void received(int receiver, Data data) {
        }
    };

    /** The bytes of the data packet {@code name} (read-only), or null when packets carry none. */
    ByteBuffer read(DataName name);

    /** Receiver {@code receiver} (a node index) took {@code data}, the first copy of it to reach it. */
    void received(int receiver, Data data);
}
