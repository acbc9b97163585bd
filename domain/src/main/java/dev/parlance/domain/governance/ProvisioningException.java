package dev.parlance.domain.governance;

/** Provisioning could not finish; the message says why in one line, without secrets. */
public final class ProvisioningException extends RuntimeException {
  public ProvisioningException(String message) {
    super(message);
  }

  public ProvisioningException(String message, Throwable cause) {
    super(message, cause);
  }
}
