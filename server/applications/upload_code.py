"""The 7-digit upload code (req §5, §9; design §6): a reversible scrambling of a user id modulo the prime 9999991.

    code = (user_id * MULTIPLIER + OFFSET) mod MODULUS, written with 7 digits (leading zeros kept)
    user_id = ((code - OFFSET) * MULTIPLIER⁻¹) mod MODULUS

MODULUS is prime, so every non-zero MULTIPLIER has an inverse and the map is a bijection of 0..MODULUS-1: each
user id below MODULUS has exactly one code and each code names at most one user. Consecutive ids get unrelated-
looking codes, so a code read out at the desk is not the neighbour's by a slip of one. The code only *identifies*
an applicant to signed-in staff of the citizens' role; it grants nothing by itself (staff still need their token).
The constants are fixed (not derived from SECRET_KEY) because codes are printed and handed over on paper.
"""

from __future__ import annotations

MODULUS = 9_999_991  # prime (req §9)
MULTIPLIER = 4_848_583
OFFSET = 2_717_171
INVERSE = pow(MULTIPLIER, -1, MODULUS)
CODE_LENGTH = 7
MAX_USER_ID = MODULUS - 1


class InvalidUploadCode(ValueError):
    """Not exactly seven digits, outside the code range, or not the code of any possible user id."""


def encode(user_id: int) -> str:
    if isinstance(user_id, bool) or not isinstance(user_id, int) or not 1 <= user_id <= MAX_USER_ID:
        raise ValueError(f"user id must be an integer in 1..{MAX_USER_ID}")
    return f"{(user_id * MULTIPLIER + OFFSET) % MODULUS:0{CODE_LENGTH}d}"


def decode(code: str) -> int:
    """The user id of a code; InvalidUploadCode when the text cannot be a code."""
    if not isinstance(code, str) or len(code) != CODE_LENGTH or not code.isascii() or not code.isdigit():
        raise InvalidUploadCode(code)
    value = int(code)
    if value >= MODULUS:
        raise InvalidUploadCode(code)
    user_id = ((value - OFFSET) * INVERSE) % MODULUS
    if user_id == 0:  # the code of "user 0", which no account has
        raise InvalidUploadCode(code)
    return user_id
