"""Who may try a password now (issue 22, finding 10; decision 0002; limits in server/ratelimits.py).

Wrong passwords are counted, never requests, per (account, address) and per address, so the owner's correct
password from an address that has not failed is always checked. A flood against one account (failures from many
addresses) refuses nobody by itself: while it lasts, each address that has failed for that account is held to a far
smaller allowance, which slows the flood down to about one guess per address per window; an address new to the
account still gets its password checked. Throttled callers get 429 with Retry-After, answered before any password
is checked, so no worker sleeps and the answer tells nothing about the password.

Failures count the same for addresses without an account (no enumeration). The staff second factor reports its
wrong codes through `failed()` as well (accounts/second_factor.py, decision 0078).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import TooMany
from ..ratelimits import FailureCounter

PER_ACCOUNT_AND_ADDRESS = "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS"
PER_ADDRESS = "RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS"
PER_ACCOUNT = "RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT"
UNDER_ATTACK = "RATE_LIMIT_SIGN_IN_FAILURES_UNDER_ATTACK"
ALERT_ADDRESSES = "RATE_LIMIT_SIGN_IN_ALERT_ADDRESSES"
ALERT = "RATE_LIMIT_SIGN_IN_ALERT"


@dataclass(frozen=True)
class SignInGuard:
    email: str
    address: str

    def _pair(self) -> FailureCounter:
        return FailureCounter(PER_ACCOUNT_AND_ADDRESS, self.email, self.address)

    def _pair_under_attack(self) -> FailureCounter:
        return FailureCounter(UNDER_ATTACK, self.email, self.address)

    def _address(self) -> FailureCounter:
        return FailureCounter(PER_ADDRESS, self.address)

    def _account(self) -> FailureCounter:
        return FailureCounter(PER_ACCOUNT, self.email)

    def _failing_addresses(self) -> FailureCounter:
        return FailureCounter(ALERT_ADDRESSES, self.email)

    def check(self) -> None:
        """Raises TooMany (429, Retry-After) when this address must wait before trying this account again."""
        waits = [self._pair().wait(), self._address().wait()]
        if self._account().full():
            waits.append(self._pair_under_attack().wait())
        wait = max(waits)
        if wait > 0:
            raise TooMany("auth.sign_in_throttled", minutes=math.ceil(wait / 60), headers={"Retry-After": str(wait)})

    def failed(self) -> bool:
        """Counts a wrong password. True when the account is under attack from several addresses: its owner, if
        staff, should hear of it (`claim_alert` keeps that to once an hour)."""
        first_from_here = self._pair().add()
        self._pair_under_attack().add()
        self._address().add()
        self._account().add()
        if first_from_here:
            self._failing_addresses().add()
        return self._account().full() and self._failing_addresses().full()

    def claim_alert(self) -> bool:
        """True at most once per RATE_LIMIT_SIGN_IN_ALERT window for this account."""
        alert = FailureCounter(ALERT, self.email)
        if alert.full():
            return False
        alert.add()
        return True

    def alert_window_minutes(self) -> int:
        return math.ceil(self._account().window_seconds() / 60)

    def succeeded(self) -> None:
        """The password was right: this address's earlier mistakes for this account no longer count."""
        self._pair().clear()
        self._pair_under_attack().clear()
