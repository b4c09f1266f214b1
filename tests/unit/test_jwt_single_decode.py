"""server/extensions.py SingleDecodeJWTManager: one decode per token, the library's answers otherwise (it overrides a
private method of flask-jwt-extended, pinned in requirements.txt)."""

from __future__ import annotations

from datetime import timedelta

import jwt as pyjwt
import pytest
from flask import Flask, jsonify
from flask_jwt_extended import JWTManager, create_access_token, get_jwt, jwt_required

from server.extensions import SingleDecodeJWTManager

SECRET = "unit-test-secret-" + "x" * 32


def make_app(manager_class):
    app = Flask(__name__)
    app.config.update(JWT_SECRET_KEY=SECRET, JWT_TOKEN_LOCATION=["headers"])
    manager = manager_class(app)

    @manager.expired_token_loader
    def expired(header, payload):
        return jsonify(kind="expired", alg=header["alg"], sub=payload["sub"]), 401

    @manager.invalid_token_loader
    def invalid(reason):
        return jsonify(kind="invalid"), 422

    @app.get("/claims")
    @jwt_required()
    def claims():
        return jsonify(sub=get_jwt()["sub"], kind="ok")

    return app


def tokens() -> dict[str, str]:
    app = make_app(JWTManager)
    with app.app_context():
        valid = create_access_token("42")
        expired = create_access_token("42", expires_delta=timedelta(seconds=-30))
    head, body, signature = valid.split(".")
    return {
        "valid": valid,
        "expired": expired,
        "tampered": f"{head}.{body}.{signature[:-4]}AAAA",
        "other secret": pyjwt.encode({"sub": "42", "type": "access"}, "another-secret-" + "y" * 32, "HS256"),
        "alg none": pyjwt.encode({"sub": "42", "type": "access"}, None, algorithm="none"),
        "malformed": "not.a.token",
        "garbage": "garbage",
    }


def answer(app, token: str):
    response = app.test_client().get("/claims", headers={"Authorization": f"Bearer {token}"})
    return response.status_code, response.get_json()


def test_the_library_still_has_the_overridden_method():
    assert callable(getattr(JWTManager, "_decode_jwt_from_config", None))
    assert SingleDecodeJWTManager._decode_jwt_from_config is not JWTManager._decode_jwt_from_config


@pytest.mark.parametrize("name", list(tokens()))
def test_same_answers_as_the_library(name):
    token = tokens()[name]
    assert answer(make_app(SingleDecodeJWTManager), token) == answer(make_app(JWTManager), token)


def test_valid_and_expired_answers_are_what_the_callbacks_make():
    app, all_tokens = make_app(SingleDecodeJWTManager), tokens()
    assert answer(app, all_tokens["valid"]) == (200, {"sub": "42", "kind": "ok"})
    assert answer(app, all_tokens["expired"]) == (401, {"kind": "expired", "alg": "HS256", "sub": "42"})
    assert answer(app, all_tokens["tampered"])[0] == 422


def test_a_token_is_decoded_once(monkeypatch):
    calls = []
    real = pyjwt.decode

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr("flask_jwt_extended.tokens.jwt.decode", counting)
    monkeypatch.setattr("flask_jwt_extended.jwt_manager.jwt.decode", counting)
    app, token = make_app(SingleDecodeJWTManager), tokens()["valid"]
    calls.clear()
    assert answer(app, token)[0] == 200
    assert len(calls) == 1


def test_a_decode_key_callback_of_our_own_gets_the_library_behaviour():
    app = make_app(SingleDecodeJWTManager)
    manager = app.extensions["flask-jwt-extended"]
    seen = []

    @manager.decode_key_loader
    def key(header, claims):
        seen.append(claims["sub"])
        return SECRET

    assert answer(app, tokens()["valid"])[0] == 200
    assert seen == ["42"]
