"""What the applications domain tells the domains above it, without importing them (decision 0076).

`progress_changed` is sent after a commit that moved an application (its sender is the application): staff's
queue badges (review/queues.py) forget their cached counts on it.
"""

from __future__ import annotations

from blinker import Namespace

_signals = Namespace()

progress_changed = _signals.signal("application-progress-changed")
