"""Letter verification codes (decision 0080): 80 random bits in Crockford's base32, forgiving when typed."""

from __future__ import annotations

from server.letters.operations import CODE_ALPHABET, CODE_LENGTH, new_code, normalized_code
from server.letters.pdf import grouped


def test_codes_are_sixteen_unambiguous_characters_and_do_not_repeat():
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("ILOU") & set(CODE_ALPHABET)


def test_a_typed_code_is_read_as_printed():
    assert grouped("ABCD0123EFGH4567") == "ABCD-0123-EFGH-4567"
    assert normalized_code(" abcd-o123-efgh-4567 ") == "ABCD0123EFGH4567"
    assert normalized_code("ABCD I23L EFGH 4567") == "ABCD1231EFGH4567"
    for wrong in ("", "ABCD0123EFGH456", "ABCD0123EFGH45678", "ABCD0123EFGH456U", "ÄBCD0123EFGH4567"):
        assert normalized_code(wrong) is None, wrong
