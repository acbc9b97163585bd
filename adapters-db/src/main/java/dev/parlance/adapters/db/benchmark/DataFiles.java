package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads benchmark files, turning every failure into one line naming the file and the problem. */
final class DataFiles {
  // Python's json module writes NaN for missing numbers; the benchmark files contain some.
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

  private DataFiles() {}

  static JsonNode json(Path file) {
    try {
      return JSON.readTree(bytes(file));
    } catch (JsonProcessingException e) {
      throw new BenchmarkDataException(
          file,
          "malformed JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ": "
              + e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot read: " + e.getMessage(), e);
    }
  }

  static List<String> lines(Path file) {
    return text(file).lines().toList();
  }

  /**
   * A text file in UTF-8 (with or without a byte-order mark) or, when it is not valid UTF-8,
   * Windows-1252 — the encodings BIRD's description files come in.
   */
  static String text(Path file) {
    return text(bytes(file));
  }

  /** {@link #text(Path)} of a file's bytes already read. */
  static String text(byte[] bytes) {
    int start =
        bytes.length >= 3
                && (bytes[0] & 0xff) == 0xef
                && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf
            ? 3
            : 0;
    ByteBuffer content = ByteBuffer.wrap(bytes, start, bytes.length - start);
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(content)
          .toString();
    } catch (CharacterCodingException notUtf8) {
      return Charset.forName("windows-1252")
          .decode(ByteBuffer.wrap(bytes, start, bytes.length - start))
          .toString();
    }
  }

  /** The SHA-256 of a file's bytes, lower-case hex. */
  static String sha256(byte[] bytes) {
    try {
      return java.util.HexFormat.of()
          .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new BenchmarkDataException(file, "no such file");
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot read: " + e.getMessage(), e);
    }
  }

  static JsonNode require(JsonNode node, String field, Path file) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new BenchmarkDataException(file, "an entry lacks the field '" + field + "'");
    }
    return value;
  }
}
