"""Builds server/accounts/data/common_passwords.txt.gz, the common-password list the password policy refuses
(server/accounts/passwords.py, decision 0078).

The list is the 30,000 most common passwords of zxcvbn's frequency lists (Dropbox's zxcvbn, MIT licence; its Python
port `zxcvbn` on PyPI), lowercased, one per line, sorted, gzip-compressed (about 95 kB). It ships with the project so
nothing is fetched at run time; zxcvbn is needed only to rebuild it:

    .venv/bin/pip install zxcvbn==4.5.0 && .venv/bin/python scripts/build_common_passwords.py
"""

from __future__ import annotations

import gzip
from pathlib import Path

from zxcvbn.frequency_lists import FREQUENCY_LISTS

TARGET = Path(__file__).resolve().parent.parent / "server" / "accounts" / "data" / "common_passwords.txt.gz"


def main() -> None:
    words = sorted({word.strip().lower() for word in FREQUENCY_LISTS["passwords"] if word.strip()})
    # mtime=0: the same list gives the same bytes, so a rebuild without changes shows no diff.
    with open(TARGET, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as target:
        target.write(("\n".join(words) + "\n").encode())
    print(f"{TARGET}: {len(words)} passwords")


if __name__ == "__main__":
    main()
