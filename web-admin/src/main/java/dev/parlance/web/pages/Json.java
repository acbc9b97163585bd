package dev.parlance.web.pages;

import java.util.List;
import java.util.Map;

/**
 * The little JSON the pages hand to their script (a result's columns and rows, in a {@code <script
 * type="application/json">} block, which the content security policy allows because it is data,
 * never run). {@code <} is escaped so that no value can close the block.
 */
final class Json {

  private Json() {}

  static String of(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value) {
    switch (value) {
      case null -> out.append("null");
      case Boolean b -> out.append(b);
      case Integer i -> out.append(i);
      case Long l -> out.append(l);
      case Number n when Double.isFinite(n.doubleValue()) -> out.append(n);
      case Number n -> out.append("null");
      case Map<?, ?> map -> {
        out.append('{');
        boolean first = true;
        for (var e : map.entrySet()) {
          if (!first) {
            out.append(',');
          }
          first = false;
          string(out, String.valueOf(e.getKey()));
          out.append(':');
          write(out, e.getValue());
        }
        out.append('}');
      }
      case List<?> list -> {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
          if (i > 0) {
            out.append(',');
          }
          write(out, list.get(i));
        }
        out.append(']');
      }
      default -> string(out, String.valueOf(value));
    }
  }

  private static void string(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '<' -> out.append("\\u003c");
        case '>' -> out.append("\\u003e");
        case '&' -> out.append("\\u0026");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
