"""The 7-digit upload code: a bijection between user ids and codes modulo 9999991 (req §5, §9)."""

from __future__ import annotations

import random

import pytest

from server.applications import upload_code
from server.applications.upload_code import MAX_USER_ID, MODULUS, InvalidUploadCode, decode, encode


def test_modulus_is_the_prime_of_the_spec():
    assert MODULUS == 9_999_991
    assert all(MODULUS % d for d in range(2, int(MODULUS**0.5) + 1))
    assert upload_code.MULTIPLIER * upload_code.INVERSE % MODULUS == 1


@pytest.mark.parametrize("user_id", [1, 2, 3, 9, 10, 99, 1000, 123_456, 5_000_000, MAX_USER_ID - 1, MAX_USER_ID])
def test_round_trip_at_the_edges(user_id):
    code = encode(user_id)
    assert len(code) == 7 and code.isdigit()
    assert decode(code) == user_id


def test_round_trip_for_many_ids_and_codes_are_distinct():
    ids = list(range(1, 20_001)) + random.Random(7).sample(range(20_001, MAX_USER_ID + 1), 20_000)
    codes = [encode(i) for i in ids]
    assert len(set(codes)) == len(ids)
    assert [decode(c) for c in codes] == ids


def test_neighbouring_ids_get_unrelated_codes():
    first, second = int(encode(41)), int(encode(42))
    assert abs(first - second) > 1000


def test_codes_keep_leading_zeros():
    # find an id whose code is below 1,000,000 and check it is still written with seven digits
    user_id = next(i for i in range(1, 100_000) if int(encode(i)) < 1_000_000)
    code = encode(user_id)
    assert code.startswith("0") and len(code) == 7 and decode(code) == user_id


@pytest.mark.parametrize(
    "code",
    [
        "",
        "123456",
        "12345678",
        "12a4567",
        " 1234567",
        "1234567 ",
        "+123456",
        "-123456",
        "123 567",
        "１２３４５６７",
        "9999991",
        "9999999",
        None,
        1234567,
    ],
)
def test_malformed_codes_are_rejected(code):
    with pytest.raises(InvalidUploadCode):
        decode(code)


def test_the_code_of_user_zero_is_rejected():
    zero_code = f"{upload_code.OFFSET % MODULUS:07d}"
    with pytest.raises(InvalidUploadCode):
        decode(zero_code)


@pytest.mark.parametrize("user_id", [0, -1, MODULUS, MODULUS + 5, True, "5", 2.0])
def test_ids_outside_the_code_range_cannot_be_encoded(user_id):
    with pytest.raises(ValueError):
        encode(user_id)
