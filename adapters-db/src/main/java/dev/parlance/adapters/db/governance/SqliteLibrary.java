package dev.parlance.adapters.db.governance;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;

/**
 * The system SQLite library (libsqlite3), called through JNA direct mapping. Governed execution
 * needs its C API — the authorizer above all — which sqlite-jdbc's bundled library does not export.
 * Loaded once; {@link #problem()} says in one line why it is unusable, if it is.
 */
final class SqliteLibrary {
  private SqliteLibrary() {}

  /** The oldest version with everything used here ({@code ->}, {@code sqlite3_error_offset}). */
  static final int MIN_VERSION = 3_038_000;

  /** The system property naming the library file, when it is not where Linux keeps it. */
  static final String PATH_PROPERTY = "parlance.sqlite.library";

  static final int OK = 0;
  static final int ERROR = 1;
  static final int INTERRUPT = 9;
  static final int AUTH = 23;
  static final int ROW = 100;
  static final int DONE = 101;

  static final int OPEN_READONLY = 0x00000001;
  static final int OPEN_NOMUTEX = 0x00008000;
  static final int OPEN_PRIVATECACHE = 0x00040000;
  static final int OPEN_URI = 0x00000040;

  static final int INTEGER = 1;
  static final int FLOAT = 2;
  static final int TEXT = 3;
  static final int BLOB = 4;

  static final int LIMIT_LENGTH = 0;
  static final int LIMIT_SQL_LENGTH = 1;
  static final int LIMIT_COLUMN = 2;
  static final int LIMIT_EXPR_DEPTH = 3;
  static final int LIMIT_COMPOUND_SELECT = 4;
  static final int LIMIT_VDBE_OP = 5;
  static final int LIMIT_FUNCTION_ARG = 6;
  static final int LIMIT_ATTACHED = 7;
  static final int LIMIT_LIKE_PATTERN_LENGTH = 8;
  static final int LIMIT_VARIABLE_NUMBER = 9;
  static final int LIMIT_TRIGGER_DEPTH = 10;
  static final int LIMIT_WORKER_THREADS = 11;

  static final int DBCONFIG_ENABLE_TRIGGER = 1003;
  static final int DBCONFIG_ENABLE_LOAD_EXTENSION = 1005;
  static final int DBCONFIG_DEFENSIVE = 1010;
  static final int DBCONFIG_TRUSTED_SCHEMA = 1017;

  /** {@code int (*)(void*, int, const char*, const char*, const char*, const char*)} */
  interface Authorizer extends Callback {
    int invoke(Pointer user, int action, Pointer a3, Pointer a4, Pointer a5, Pointer a6);
  }

  /** {@code int (*)(void*)}: non-zero interrupts the running statement. */
  interface Progress extends Callback {
    int invoke(Pointer user);
  }

  /** The variadic {@code sqlite3_db_config}, which direct mapping cannot call. */
  interface Variadic extends Library {
    int sqlite3_db_config(Pointer db, int op, Object... args);
  }

  static native int sqlite3_libversion_number();

  static native int sqlite3_open_v2(String filename, PointerByReference db, int flags, String vfs);

  static native int sqlite3_close_v2(Pointer db);

  static native int sqlite3_prepare_v2(
      Pointer db, Pointer sql, int bytes, PointerByReference stmt, PointerByReference tail);

  static native int sqlite3_step(Pointer stmt);

  static native int sqlite3_finalize(Pointer stmt);

  static native int sqlite3_stmt_readonly(Pointer stmt);

  static native int sqlite3_column_count(Pointer stmt);

  static native Pointer sqlite3_column_name(Pointer stmt, int i);

  static native Pointer sqlite3_column_decltype(Pointer stmt, int i);

  static native int sqlite3_column_type(Pointer stmt, int i);

  static native long sqlite3_column_int64(Pointer stmt, int i);

  static native double sqlite3_column_double(Pointer stmt, int i);

  static native Pointer sqlite3_column_text(Pointer stmt, int i);

  static native Pointer sqlite3_column_blob(Pointer stmt, int i);

  static native int sqlite3_column_bytes(Pointer stmt, int i);

  static native Pointer sqlite3_errmsg(Pointer db);

  static native int sqlite3_extended_errcode(Pointer db);

  static native int sqlite3_error_offset(Pointer db);

  static native Pointer sqlite3_errstr(int code);

  static native int sqlite3_limit(Pointer db, int id, int value);

  static native int sqlite3_set_authorizer(Pointer db, Authorizer authorizer, Pointer user);

  static native void sqlite3_progress_handler(
      Pointer db, int instructions, Progress progress, Pointer user);

  static native void sqlite3_interrupt(Pointer db);

  static native long sqlite3_hard_heap_limit64(long bytes);

  static native long sqlite3_soft_heap_limit64(long bytes);

  static native int sqlite3_busy_timeout(Pointer db, int ms);

  private static final String PROBLEM;
  private static final Variadic VARIADIC;

  static {
    String problem = null;
    Variadic variadic = null;
    List<String> tried = new ArrayList<>();
    NativeLibrary library = null;
    for (String candidate : candidates()) {
      try {
        NativeLibrary l = NativeLibrary.getInstance(candidate);
        l.getFunction("sqlite3_set_authorizer");
        library = l;
        break;
      } catch (UnsatisfiedLinkError e) {
        tried.add(candidate);
      }
    }
    if (library == null) {
      problem =
          "governed SQLite execution needs the system SQLite library (libsqlite3, 3.38 or newer;"
              + " on Debian: apt-get install libsqlite3-0), not found as "
              + String.join(", ", tried)
              + " (set -D"
              + PATH_PROPERTY
              + " to its path)";
    } else {
      try {
        Native.register(SqliteLibrary.class, library);
        variadic = Native.load(library.getFile().getPath(), Variadic.class);
        int version = sqlite3_libversion_number();
        if (version < MIN_VERSION) {
          problem =
              "the system SQLite library "
                  + library.getFile()
                  + " is version "
                  + version
                  + "; governed execution needs 3.38 or newer";
        }
      } catch (UnsatisfiedLinkError | RuntimeException e) {
        problem =
            "cannot use the system SQLite library " + library.getFile() + ": " + e.getMessage();
      }
    }
    PROBLEM = problem;
    VARIADIC = variadic;
  }

  private static List<String> candidates() {
    List<String> out = new ArrayList<>();
    String configured = System.getProperty(PATH_PROPERTY);
    if (configured != null && !configured.isBlank()) {
      out.add(configured);
    }
    out.add("/usr/lib/x86_64-linux-gnu/libsqlite3.so.0");
    out.add("/usr/lib/aarch64-linux-gnu/libsqlite3.so.0");
    out.add("/usr/lib64/libsqlite3.so.0");
    out.add("/usr/lib/libsqlite3.so.0");
    out.add("sqlite3");
    return out;
  }

  /** Why the library cannot be used, or null when it can. */
  static String problem() {
    return PROBLEM;
  }

  static int dbConfig(Pointer db, int op, int value) {
    return VARIADIC.sqlite3_db_config(db, op, value, Pointer.NULL);
  }

  static String text(Pointer p) {
    return p == null ? null : p.getString(0, "UTF-8");
  }
}
