"""flask --app server <command>: create-admin and seed."""
from __future__ import annotations

import click
from flask import Flask

from .models import ADMIN_ROLES


def register_commands(app: Flask) -> None:
    @app.cli.command("create-admin")
    @click.argument("email")
    @click.option("--password", required=True, help="At least 6 characters.")
    @click.option("--role", required=True, type=click.Choice(ADMIN_ROLES), help="Админ or 'Админ (граждане КЗ)'.")
    def create_admin(email: str, password: str, role: str):
        """Create (or promote) a verified admin account."""
        from .schemas.common import validate_email
        from .services.users import create_admin as create

        if len(password) < 6:
            raise click.BadParameter("at least 6 characters", param_hint="--password")
        try:
            validate_email(email.strip())
        except Exception as error:
            raise click.BadParameter("not a valid e-mail address", param_hint="EMAIL") from error
        user = create(email, password, role)
        click.echo(f"Admin {user.email} has role {role!r}.")

    @app.cli.command("seed")
    def seed():
        """Load reference data (idempotent)."""
        from .seed import run_all

        for name, count in run_all().items():
            click.echo(f"{name}: {count} rows")
