"""flask --app server <command>: create-admin, seed, reindex-applications, import-kato and import-institutions."""

from __future__ import annotations

import click
from flask import Flask

from .models import STAFF_ROLES


def register_commands(app: Flask) -> None:
    @app.cli.command("create-admin")
    @click.argument("email")
    @click.option("--password", required=True, help="At least 12 characters, not a common password.")
    @click.option(
        "--role",
        required=True,
        type=click.Choice(STAFF_ROLES),
        help="Админ, 'Админ (граждане КЗ)' or 'Управление персоналом' (manages staff accounts, reads the audit trail).",
    )
    @click.option(
        "--totp-secret",
        default=None,
        help="Base32 TOTP secret to enrol as the second factor (provisioning, automated checks). "
        "Without it a new secret is generated and printed once.",
    )
    def create_admin(email: str, password: str, role: str, totp_secret: str | None):
        """Create (or promote) a verified admin account with its second factor (decision 0078)."""
        from .accounts.second_factor import provision_staff
        from .common_schemas import validate_email
        from .errors import ApiError
        from .i18n import translate

        try:
            validate_email(email.strip())
        except Exception as error:
            raise click.BadParameter("not a valid e-mail address", param_hint="EMAIL") from error
        try:
            user, factor = provision_staff(email, password, role, totp_secret)
        except ApiError as error:
            hint = "--totp-secret" if "secret" in error.key else "--password"
            raise click.BadParameter(translate(error.key, "en", **error.params), param_hint=hint) from None
        click.echo(f"Admin {user.email} has role {role!r}.")
        if totp_secret is None:
            # Printed this once: only the encrypted secret is stored.
            click.echo(f"TOTP secret: {factor.secret}")
            click.echo(f"otpauth URI: {factor.otpauth_uri}")
        else:
            click.echo("Second factor enrolled with the given TOTP secret.")
        click.echo("Recovery codes (each works once; store them safely):")
        for code in factor.recovery_codes:
            click.echo(f"  {code}")

    @app.cli.command("reset-second-factor")
    @click.argument("email")
    def reset_second_factor(email: str):
        """Remove a staff member's second factor and end their sessions; the next sign-in enrols a new one."""
        from .accounts import dao as users_dao
        from .accounts.second_factor import reset

        user = users_dao.get_by_email(email)
        if user is None:
            raise click.BadParameter("no such user", param_hint="EMAIL")
        reset(user)
        click.echo(f"Second factor of {user.email} reset; they enrol again at their next sign-in.")

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
    register_storage_commands(app)


def register_storage_commands(app: Flask) -> None:
    from flask.cli import AppGroup

    storage_group = AppGroup("storage", help="Object storage: copy to another store, sweep orphans (0082).")
    app.cli.add_command(storage_group)

    @storage_group.command("migrate")
    @click.option("--to", "target_url", required=True, help="The new STORAGE_URL (s3://BUCKET/PREFIX or file:///DIR).")
    @click.option("--verbose", is_flag=True, help="One line per object.")
    def migrate(target_url: str, verbose: bool):
        """Copy every stored object to another store, checksum-verified; run again to resume."""
        from .integrations.storage import StorageError, get_storage, usable_storage
        from .integrations.storage_migration import migrate as copy_all

        try:
            target = usable_storage(target_url)
        except StorageError as error:
            raise click.BadParameter(str(error), param_hint="--to") from None
        source = get_storage()
        if target.url.rstrip("/") == source.url.rstrip("/"):
            raise click.BadParameter("the target is the current STORAGE_URL", param_hint="--to")
        report = copy_all(source, target, (lambda key, outcome: click.echo(f"{key}: {outcome}")) if verbose else None)
        for key in report.failed:
            click.echo(f"failed: {key}", err=True)
        click.echo(report.line())
        if report.failed:
            raise SystemExit(1)

    @storage_group.command("sweep")
    def sweep():
        """Remove objects no row names that are older than STORAGE_ORPHAN_GRACE_HOURS (the hourly job's work)."""
        from .jobs.storage_sweep import sweep_orphans

        result = sweep_orphans()
        click.echo(f"objects scanned: {result.scanned}, orphans removed: {result.removed}")


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
