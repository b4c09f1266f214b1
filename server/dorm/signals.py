"""What the dormitory domain tells the domains above it, without importing them (decision 0076).

`booking_paid` is sent inside the transaction that confirmed a held booking for a settled payment (its sender is
the booking): the letters domain queues the dormitory assignment letter after that commit (decision 0080).
"""

from __future__ import annotations

from blinker import Namespace

_signals = Namespace()

booking_paid = _signals.signal("dorm-booking-paid")
