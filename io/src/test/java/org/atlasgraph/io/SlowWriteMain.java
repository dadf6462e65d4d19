package org.atlasgraph.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;

/**
 * A child JVM for {@link AtomicWriterShutdownTest}: starts an atomic write of its argument, writes 1 MiB, prints
 * {@code writing} and waits until the JVM is stopped by a signal.
 */
public final class SlowWriteMain {
    private SlowWriteMain() {
    }

    /**
     * Writes slowly.
     *
     * @param args the target
     * @throws IOException if the write fails
     */
    public static void main(String[] args) throws IOException {
        AtomicWriter.create().write(Path.of(args[0]), out -> {
            out.write(new byte[1 << 20]);
            out.flush();
            System.out.println("writing");
            System.out.flush();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                throw new InterruptedIOException("interrupted");
            }
        });
    }
}
