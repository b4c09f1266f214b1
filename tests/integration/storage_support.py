"""A real S3-protocol server for the storage tests (issue 25; decision 0082): moto's standalone server, started as
its own process on a free port; boto3 talks to it over HTTP exactly as to MinIO or AWS.

    s3_server            (session) the endpoint URL of the running server
    s3_storage_url       a fresh bucket for one test, with boto3's AWS_* environment pointing at the server;
                         yields `s3://<bucket>/<prefix>`
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time

import pytest

from ..helpers import free_port

MOTO_START_SECONDS = 30
AWS_ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "qabyldau-test",
    "AWS_SECRET_ACCESS_KEY": "qabyldau-test-secret",
    "AWS_DEFAULT_REGION": "us-east-1",
}


def start_moto(**environment: str) -> tuple[subprocess.Popen, str]:
    """moto_server on 127.0.0.1:<free port>; (process, endpoint URL). Skips when moto[server] is not installed."""
    try:
        import moto.server  # noqa: F401
    except ImportError:
        pytest.skip("moto[server] is not installed (pip install -r requirements.txt): no S3-protocol server to test")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        env={**os.environ, **environment},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + MOTO_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"moto_server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("moto_server did not start listening")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def s3_server():
    process, endpoint = start_moto()
    try:
        yield endpoint
    finally:
        stop(process)


def s3_client(endpoint: str):
    import boto3

    return boto3.client("s3", endpoint_url=endpoint, **_credentials())


def _credentials() -> dict:
    return {
        "aws_access_key_id": AWS_ENVIRONMENT["AWS_ACCESS_KEY_ID"],
        "aws_secret_access_key": AWS_ENVIRONMENT["AWS_SECRET_ACCESS_KEY"],
        "region_name": AWS_ENVIRONMENT["AWS_DEFAULT_REGION"],
    }


@pytest.fixture
def s3_environment(s3_server, monkeypatch):
    """boto3's standard environment pointing at the test server (what an operator sets for MinIO)."""
    for name, value in {**AWS_ENVIRONMENT, "AWS_ENDPOINT_URL_S3": s3_server}.items():
        monkeypatch.setenv(name, value)
    return s3_server


@pytest.fixture
def s3_storage_url(s3_environment):
    bucket = f"qabyldau-{secrets.token_hex(6)}"
    s3_client(s3_environment).create_bucket(Bucket=bucket)
    return f"s3://{bucket}/campaign-2026"
