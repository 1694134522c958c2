package io.robber.datacast.fabric;

import java.util.Arrays;

/** A FIFO of packets, each with a time (when it arrives), as two growing ring buffers: no boxing. */
final class PacketRing {
    private Packet[] packets;
    private long[] times;
    private int head;
    private int size;

    PacketRing(int initialCapacity) {
        int capacity = Integer.highestOneBit(Math.max(2, initialCapacity) - 1) << 1;
        packets = new Packet[capacity];
        times = new long[capacity];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(Packet packet, long time) {
        if (size == packets.length) {
            grow();
        }
        int i = (head + size++) & (packets.length - 1);
        packets[i] = packet;
        times[i] = time;
    }

    long headTime() {
        return times[head];
    }

    Packet poll() {
        Packet packet = packets[head];
        packets[head] = null;
        head = (head + 1) & (packets.length - 1);
        size--;
        return packet;
    }

    void clear() {
        Arrays.fill(packets, null);
        head = 0;
        size = 0;
    }

    private void grow() {
        Packet[] more = new Packet[packets.length * 2];
        long[] moreTimes = new long[more.length];
        for (int i = 0; i < size; i++) {
            int j = (head + i) & (packets.length - 1);
            more[i] = packets[j];
            moreTimes[i] = times[j];
        }
        packets = more;
        times = moreTimes;
        head = 0;
    }
}
