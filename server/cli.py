"""flask --app server <command>: create-admin, seed, reindex-applications, import-kato and import-institutions."""

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
        from .accounts.users import create_admin as create
        from .common_schemas import validate_email

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

    @app.cli.command("reindex-applications")
    def reindex_applications():
        """Rebuild the staff queues' summary of every application from its answers (decision 0066)."""
        from .applications.summary import rebuild_all

        click.echo(f"application summaries rebuilt: {rebuild_all()}")

    @app.cli.command("dorm-expire")
    def dorm_expire():
        """End unpaid dormitory holds and unanswered waitlist offers past their deadline; offer freed places."""
        from .dorm.bookings import expire_due

        counts = expire_due()
        click.echo(
            f"holds expired: {counts['holds']}, offers lapsed: {counts['offers']}, offers made: {counts['offered']}"
        )

    register_import_commands(app)
    register_home_message_commands(app)


def register_home_message_commands(app: Flask) -> None:
    @app.cli.command("home-message")
    @click.option("--type", "kind", type=click.Choice(("info", "payment")), default="info", show_default=True)
    @click.option("--permanent", is_flag=True, help="The first permanent message opens in a modal on the home page.")
    @click.option("--amount", type=int, help="payment: tenge asked for (e.g. the remainder 9990).")
    @click.option("--user-email", help="Only for this user (default: every signed-in user).")
    @click.option("--title-ru", required=True)
    @click.option("--text-ru", required=True)
    @click.option("--title-kk")
    @click.option("--text-kk")
    @click.option("--title-en")
    @click.option("--text-en")
    def home_message(kind, permanent, amount, user_email, title_ru, text_ru, title_kk, text_kk, title_en, text_en):
        """Create a home-page message (req §1, §2 '/'); a payment message carries a Pay button."""
        from .accounts import dao as users_dao
        from .errors import ApiError
        from .payments import home_messages

        user_id = None
        if user_email:
            user = users_dao.get_by_email(user_email.strip().lower())
            if user is None:
                raise click.BadParameter("no such user", param_hint="--user-email")
            user_id = user.id
        try:
            message = home_messages.create(
                type=kind,
                is_permanent=permanent,
                amount=amount,
                user_id=user_id,
                title_ru=title_ru,
                text_ru=text_ru,
                title_kk=title_kk,
                text_kk=text_kk,
                title_en=title_en,
                text_en=text_en,
            )
        except ApiError as error:
            raise click.UsageError(f"{error.key}: {error.errors}") from None
        click.echo(f"Home-page message {message.id} created.")


def _report_import(result, lang: str, done_key: str) -> None:
    from .i18n import translate

    click.echo(translate(done_key, lang, created=result.created, updated=result.updated, unchanged=result.unchanged))
    if result.pruned:
        click.echo(translate("reference_import.kato_pruned", lang, count=result.pruned))
    if result.absent:
        click.echo(translate("reference_import.kato_absent", lang, count=result.absent))


def _run_import(action, lang: str, done_key: str) -> None:
    from .reference.imports import ImportFailed

    try:
        result = action()
    except ImportFailed as failure:
        for error in failure.errors:
            click.echo(error.message(lang), err=True)
        raise click.ClickException(failure.message(lang)) from failure
    _report_import(result, lang, done_key)


def register_import_commands(app: Flask) -> None:
    from .i18n import DEFAULT_LANGUAGE, LANGUAGES

    lang_option = click.option(
        "--lang",
        type=click.Choice(LANGUAGES),
        default=DEFAULT_LANGUAGE,
        show_default=True,
        help="Language of the messages.",
    )

    @app.cli.command("import-kato")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--prune", is_flag=True, help="Delete codes that the file does not contain.")
    @lang_option
    def import_kato_command(file: str, prune: bool, lang: str):
        """Load the official KATO classifier (xlsx: te, ab, cd, ef, hij, k, name_kaz, name_rus), upserting by code."""
        from .reference.imports import import_kato

        _run_import(lambda: import_kato(file, prune=prune), lang, "reference_import.kato_done")

    @app.cli.command("import-institutions")
    @click.argument("file", type=click.Path(dir_okay=False))
    @lang_option
    def import_institutions_command(file: str, lang: str):
        """Load educational institutions (xlsx or csv: name, region, district, address, type, kato_code)."""
        from .reference.imports import import_institutions

        _run_import(lambda: import_institutions(file), lang, "reference_import.institutions_done")
