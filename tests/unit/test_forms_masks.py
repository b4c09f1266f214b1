"""IIN check digit and input masks (req §5, design §6), independent of the shared vectors."""

from __future__ import annotations

import random

import pytest

from server.forms.masks import MASK_PATTERNS, apply_mask, iin_check_digit, iin_valid, mask_valid


def reference_check_digit(first11: str):
    """Straight from the definition: weights 1..11; if 10, weights 3..11,1,2; if 10 again, no valid IIN."""
    digits = [int(c) for c in first11]
    first = sum(d * w for d, w in zip(digits, range(1, 12), strict=True)) % 11
    if first != 10:
        return first
    second = sum(d * w for d, w in zip(digits, [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2], strict=True)) % 11
    return None if second == 10 else second


def test_spec_example_is_valid():
    assert iin_valid("900101300017")
    assert iin_check_digit("90010130001") == 7


@pytest.mark.parametrize("last", [d for d in "0123456789" if d != "7"])
def test_any_other_last_digit_is_invalid(last):
    assert not iin_valid("90010130001" + last)


def test_second_pass_decides_when_first_gives_ten():
    # 9,0,0,1,0,1,3,0,0,8,1: first pass 10, second pass 1
    assert reference_check_digit("90010130081") == 1
    assert iin_valid("900101300811")


def test_double_ten_is_never_valid():
    assert iin_check_digit("90010130080") is None
    assert not any(iin_valid("90010130080" + d) for d in "0123456789")


def test_matches_reference_on_random_numbers():
    rng = random.Random(20250101)
    for _ in range(2000):
        first = "".join(rng.choice("0123456789") for _ in range(11))
        assert iin_check_digit(first) == reference_check_digit(first)
        expected = reference_check_digit(first)
        for d in "0123456789":
            assert iin_valid(first + d) == (expected is not None and int(d) == expected)


@pytest.mark.parametrize(
    "value", ["", "90010130001", "9001013000170", "90010130001a", "９００１０１３０００１７", None, 900101300017]
)
def test_malformed_iin(value):
    assert not iin_valid(value)


@pytest.mark.parametrize(
    "mask,raw,masked",
    [
        ("decimal2", "4,567", "4.56"),
        ("decimal2", "007", "007"),
        ("decimal2", "1..2", "1.2"),
        ("decimal2", None, ""),
        ("test_doc_number", "1", "1"),
        ("test_doc_number", "12", "1-2"),
        ("test_doc_number", "123456", "1-2345-6"),
        ("test_doc_number", "1a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7", "1-2345-678901234-56-7"),
        ("test_code", "000111222333", "000111222"),
        ("phone_kz", "", ""),  # nothing typed stays empty: the field no longer writes "+7" on focus (decision 0083)
        ("phone_kz", "+7", "+7"),
        ("phone_kz", "+7 701 123 45 67 89", "+77011234567"),
        ("iin", "9001-0130-0017-99", "900101300017"),
    ],
)
def test_apply_mask(mask, raw, masked):
    assert apply_mask(mask, raw) == masked


@pytest.mark.parametrize("mask", sorted(MASK_PATTERNS))
def test_mask_output_never_breaks_the_mask_shape_when_complete(mask):
    samples = {
        "decimal2": "123.45",
        "test_doc_number": "1-2345-678901234-56-7",
        "test_code": "123456789",
        "phone_kz": "+77011234567",
        "phone_intl": "+4915112345678",
        "iin": "900101300017",
        "digits": "42",
    }
    assert mask_valid(mask, samples[mask])
    assert apply_mask(mask, samples[mask]) == samples[mask]


def test_phone_max_twelve_characters():
    assert len(apply_mask("phone_kz", "7" * 40)) == 12
    assert not mask_valid("phone_kz", "+770112345678")


def test_booleans_are_not_numbers():
    assert not mask_valid("decimal2", True)


def test_unknown_mask():
    with pytest.raises(KeyError):
        apply_mask("nope", "1")
