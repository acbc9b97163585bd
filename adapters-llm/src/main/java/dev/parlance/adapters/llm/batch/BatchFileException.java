package dev.parlance.adapters.llm.batch;

import java.nio.file.Path;

/** A batch file could not be read or written; names the file (and line) and keeps the cause. */
public final class BatchFileException extends RuntimeException {
  BatchFileException(Path file, int line, Throwable cause) {
    super(
        (line > 0 ? file + ":" + line : file.toString())
            + ": "
            + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage())
                .replaceAll("\\s+", " "),
        cause);
  }
}
