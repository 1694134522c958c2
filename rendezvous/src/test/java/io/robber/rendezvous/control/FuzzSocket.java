package io.robber.rendezvous.control;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A connected socket in memory whose peer sends {@code reads} and then hangs up: a read returns at most
 * what is left of the peer's current read, then the end of the stream. What is written to it is
 * dropped. Once closed, reads and writes fail as a real socket's do.
 */
final class FuzzSocket extends Socket {
    private final Deque<byte[]> reads = new ArrayDeque<>();
    private final InputStream in = new Incoming();
    private final OutputStream out = new Outgoing();
    private final long sent;
    private volatile boolean closed;

    /** Takes the bytes of {@code reads} and releases them. */
    FuzzSocket(List<ByteBuf> reads) {
        long total = 0;
        for (ByteBuf read : reads) {
            byte[] bytes = new byte[read.readableBytes()];
            read.readBytes(bytes);
            read.release();
            this.reads.add(bytes);
            total += bytes.length;
        }
        this.sent = total;
    }

    /** How many bytes the peer sends. */
    long sent() {
        return sent;
    }

    @Override
    public InputStream getInputStream() {
        return in;
    }

    @Override
    public OutputStream getOutputStream() {
        return out;
    }

    @Override
    public void setSoTimeout(int timeout) {
        // the peer's bytes are all there: a read never waits
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        // nothing to delay
    }

    @Override
    public void setKeepAlive(boolean on) {
        // nothing to keep alive
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }

    private void checkOpen() throws SocketException {
        if (closed) {
            throw new SocketException("Socket closed");
        }
    }

    private final class Incoming extends InputStream {
        /** Position in the head of {@link #reads}. */
        private int at;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) throws IOException {
            checkOpen();
            if (len == 0) {
                return 0;
            }
            byte[] head = reads.peek();
            if (head == null) {
                return -1;
            }
            int n = Math.min(len, head.length - at);
            System.arraycopy(head, at, b, off, n);
            at += n;
            if (at == head.length) {
                reads.poll();
                at = 0;
            }
            return n;
        }
    }

    private final class Outgoing extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            checkOpen();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            checkOpen();
        }
    }
}
