"""The assistant's curated knowledge base (issue 14, decision 0071): admins of both populations read and edit it
through /universal/ChatKnowledge; the assistant answers from the active rows at once."""

from __future__ import annotations

from . import ADMINS, ID_OPS, NUMBER_OPS, TEXT_OPS, Field, ModelDeclaration, register

ADMIN_ONLY = {"all": ADMINS, "find": ADMINS, "create": ADMINS, "update": ADMINS, "delete": ADMINS}
TEXTS = ("title_ru", "title_kk", "title_en", "body_ru", "body_kk", "body_en")
WRITABLE = ("key", "topic", *TEXTS, "keywords", "is_active", "order")
FIELDS = ("id", *WRITABLE)

register(
    ModelDeclaration(
        name="ChatKnowledge",
        model_path="server.models.chat:ChatKnowledge",
        fields=(
            Field("id"),
            Field("key", required=True, non_blank=True, pattern=r"[a-z0-9_]{1,64}"),
            Field("topic", default="general", non_blank=True),
            Field("title_ru", required=True, non_blank=True),
            Field("title_kk", default=""),
            Field("title_en", default=""),
            Field("body_ru", required=True, non_blank=True, max_length=4000),
            Field("body_kk", default="", max_length=4000),
            Field("body_en", default="", max_length=4000),
            Field("keywords", default="", max_length=2000),
            Field("is_active", default=True),
            Field("order", default=0),
        ),
        read={role: FIELDS for role in ADMINS},
        create=WRITABLE,
        update=WRITABLE,
        filters={
            "id": ID_OPS,
            "key": ("eq", "in", "ilike"),
            "topic": ("eq", "in"),
            "title_ru": TEXT_OPS,
            "is_active": ("eq",),
            "order": NUMBER_OPS,
        },
        sortable=("id", "key", "topic", "title_ru", "order"),
        default_order=("order", "id"),
        permissions=ADMIN_ONLY,
        display_field="title_ru",
    )
)
