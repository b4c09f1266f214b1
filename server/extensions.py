"""Extension singletons, bound to the app in create_app (cookiecutter-flask style)."""

import jwt as pyjwt
from flask_jwt_extended import JWTManager
from flask_jwt_extended.config import config as jwt_config
from flask_jwt_extended.default_callbacks import default_decode_key_callback
from flask_jwt_extended.tokens import _decode_jwt
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_smorest import Api
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase, MappedAsDataclass  # noqa: F401


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


class SingleDecodeJWTManager(JWTManager):
    """JWTManager that decodes a token once per request instead of twice.

    flask-jwt-extended 4.7.1 (pinned in requirements.txt) decodes every token first without verifying it, only to
    hand the claims to the decode-key callback, then again for real. We use the default callback (one secret for
    every token), which ignores those claims, so the first decode is work thrown away on every signed-in request
    (issue 12). This overrides a private method: tests/unit/test_jwt_single_decode.py checks the library still has
    the method and that valid, expired, tampered and malformed tokens get the same answers as before. With a
    decode-key callback of our own it does exactly what the library does."""

    def _decode_jwt_from_config(self, encoded_token: str, csrf_value=None, allow_expired: bool = False) -> dict:
        if self._decode_key_callback is not default_decode_key_callback:
            return super()._decode_jwt_from_config(encoded_token, csrf_value, allow_expired)
        kwargs = {
            "algorithms": jwt_config.decode_algorithms,
            "audience": jwt_config.decode_audience,
            "csrf_value": csrf_value,
            "encoded_token": encoded_token,
            "identity_claim_key": jwt_config.identity_claim_key,
            "issuer": jwt_config.decode_issuer,
            "leeway": jwt_config.leeway,
            "secret": jwt_config.decode_key,
            "verify_aud": jwt_config.decode_audience is not None,
            "verify_sub": jwt_config.verify_sub,
        }
        try:
            return _decode_jwt(**kwargs, allow_expired=allow_expired)
        except pyjwt.ExpiredSignatureError as error:
            # As the library does: the expired-token callback gets the token's header and claims.
            error.jwt_header = pyjwt.get_unverified_header(encoded_token)  # type: ignore[attr-defined]
            error.jwt_data = _decode_jwt(**kwargs, allow_expired=True)  # type: ignore[attr-defined]
            raise


jwt = SingleDecodeJWTManager()
limiter = Limiter(key_func=get_remote_address, default_limits=[])
api = Api()
