package dev.parlance.web.pages;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The share link of an answer: its address with a mark only the portal can make ({@code
 * /portal/answers/42?share=…}, an HMAC of the answer's number). Whoever opens it sees the question,
 * the SQL and their own rows; without the mark an answer opens only for the one who asked it (and
 * admins), so answers cannot be read by counting their numbers. The key is the portal's OIDC client
 * secret, which every instance of one portal shares; without one, a random key of this process
 * (links then last until it restarts).
 */
final class ShareLinks {

  private static final String ALGORITHM = "HmacSHA256";
  private final byte[] key;

  ShareLinks(String secret) {
    if (secret == null || secret.isBlank()) {
      byte[] random = new byte[32];
      new SecureRandom().nextBytes(random);
      this.key = random;
    } else {
      this.key = ("parlance-share\u0000" + secret).getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The mark of answer {@code id}. */
  String mark(long id) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(key, ALGORITHM));
      byte[] digest = mac.doFinal(("answer:" + id).getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(java.util.Arrays.copyOf(digest, 18));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no " + ALGORITHM, e);
    }
  }

  /** Whether {@code mark} is answer {@code id}'s (compared in constant time). */
  boolean valid(long id, String mark) {
    if (mark == null || mark.isBlank()) {
      return false;
    }
    return MessageDigest.isEqual(
        mark(id).getBytes(StandardCharsets.UTF_8), mark.strip().getBytes(StandardCharsets.UTF_8));
  }
}
