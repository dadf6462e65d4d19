package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class IoMessagesTest {
    @Test
    void fileSystemFailuresNameTheFileAndAReason() {
        assertThat(IoMessages.describe(new NoSuchFileException("a.npy"))).as("missing file")
                .isEqualTo("'a.npy': no such file or directory");
        assertThat(IoMessages.describe(new AccessDeniedException("/etc/shadow"))).as("denied")
                .isEqualTo("'/etc/shadow': permission denied");
        assertThat(IoMessages.describe(new FileSystemException("out.json", null, "No space left on device")))
                .as("explicit reason").isEqualTo("'out.json': No space left on device");
    }

    @Test
    void otherFailuresKeepTheirMessage() {
        assertThat(IoMessages.describe(new IOException("truncated .npy header"))).as("plain I/O failure")
                .isEqualTo("truncated .npy header");
    }
}
