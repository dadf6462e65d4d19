package org.atlasgraph.io;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Reads the data of a {@code .npy} file in blocks of at most {@link #BLOCK_BYTES}, decoding them to doubles: the one
 * read loop behind whole-array reads and slice streams. The file's length was checked against its header, so reaching
 * the end early means the file shrank while it was read; that is an error, never zeros, and every loop ends.
 */
final class NpyBlocks {
    /** Read-ahead: 1 MiB, a multiple of every item size. */
    static final int BLOCK_BYTES = 1 << 20;

    private final String label;
    private final FileChannel channel;
    private final NpyDtype dtype;
    private final ByteBuffer buffer;
    private long position;
    private final long end;

    NpyBlocks(String label, FileChannel channel, NpyHeader header) {
        this.label = label;
        this.channel = channel;
        this.dtype = header.dtype();
        this.position = header.dataOffset();
        long length = header.size() * dtype.itemSize();
        this.end = position + length;
        this.buffer = ByteBuffer.allocateDirect((int) Math.min(BLOCK_BYTES, length)).order(dtype.order());
        buffer.flip();
    }

    /**
     * Reads the next values.
     *
     * @param dest   where to put them
     * @param offset the first index of {@code dest} to fill
     * @param count  how many values
     * @throws InvalidInputException naming the file if it ends before them
     */
    void read(double[] dest, int offset, int count) {
        int done = 0;
        while (done < count) {
            if (!buffer.hasRemaining()) {
                refill();
            }
            int take = Math.min(count - done, buffer.remaining() / dtype.itemSize());
            if (take == 0) {
                // blocks hold whole items (the block size and the data length are multiples of the item size)
                throw new IllegalStateException("a partial item in a block of " + label);
            }
            if (dtype.itemSize() == Double.BYTES) {
                buffer.asDoubleBuffer().get(dest, offset + done, take);
            } else {
                FloatBuffer floats = buffer.asFloatBuffer();
                for (int i = 0; i < take; i++) {
                    dest[offset + done + i] = floats.get(i);
                }
            }
            buffer.position(buffer.position() + take * dtype.itemSize());
            done += take;
        }
    }

    private void refill() {
        buffer.clear();
        buffer.limit((int) Math.min(buffer.capacity(), end - position));
        if (!buffer.hasRemaining()) {
            throw new IllegalStateException("read past the data of " + label);
        }
        int bytes = buffer.remaining();
        NpyReader.readFully(label, channel, buffer, position);
        position += bytes;
        buffer.flip();
    }
}
