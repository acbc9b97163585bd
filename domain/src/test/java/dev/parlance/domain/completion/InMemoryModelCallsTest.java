package dev.parlance.domain.completion;

/** The in-memory ledger the application's tests use keeps the contract too. */
class InMemoryModelCallsTest extends ModelCallsPortContract {

  private final InMemoryModelCalls ledger = new InMemoryModelCalls();

  @Override
  protected ModelCallsPort port() {
    return ledger;
  }
}
