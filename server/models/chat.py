"""The home-page assistant (req §1, §7 Chat; issue 14; decision 0071): conversations and their messages, kept per
user, and the curated knowledge base admins edit through /universal (ChatKnowledge)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, Text, false, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from .base import UTCDateTime, utcnow
from .user import User

CHAT_TYPES = ("career",)
CHAT_LEVELS = ("bachelor",)
ROLE_USER = "user"
ROLE_ASSISTANT = "assistant"
ROLE_STAFF = "staff"
CHAT_ROLES = (ROLE_USER, ROLE_ASSISTANT, ROLE_STAFF)


class ChatConversation(db.Model):
    __tablename__ = "chat_conversations"
    __table_args__ = (Index("ix_chat_conversations_handoff", "handed_off_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The chatId of §7: random and unguessable; the numeric id never leaves the server.
    public_id: Mapped[str] = mapped_column(String(36), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(16), default="career")
    level: Mapped[str] = mapped_column(String(16), default="bachelor")
    language: Mapped[str] = mapped_column(String(2), default="ru")
    # The career dialogue: {"stage": "interests"|"subjects"|"plans"|"done", "profile": {...}}
    state: Mapped[dict] = mapped_column(JSON, default=dict)
    handed_off_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The hand-off in force (issue 23): while true the assistant stays silent and every applicant message waits for
    # staff; the applicant's "back to the assistant" clears it. handed_off_at stays, so staff keep the history.
    with_staff: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    staff_answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    user: Mapped[User] = relationship(lazy="select")
    messages: Mapped[list[ChatMessage]] = relationship(
        back_populates="conversation", lazy="selectin", cascade="all, delete-orphan", order_by="ChatMessage.id"
    )


class ChatMessage(db.Model):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(primary_key=True)
    conversation_id: Mapped[int] = mapped_column(ForeignKey("chat_conversations.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(16))  # one of CHAT_ROLES
    content: Mapped[str] = mapped_column(Text)
    # [{"key": "kb:fee", "type": "knowledge", "title": "..."}] under an assistant answer
    sources: Mapped[list] = mapped_column(JSON, default=list)
    # Recommendations and actions of a career answer: [{"code", "name", "reason", "unt_subjects", "apply_url"}]
    recommendations: Mapped[list] = mapped_column(JSON, default=list)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    conversation: Mapped[ChatConversation] = relationship(back_populates="messages")


class ChatKnowledge(db.Model):
    """One curated answer of the assistant, in three languages (Kazakh falls back to Russian when empty)."""

    __tablename__ = "chat_knowledge"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    topic: Mapped[str] = mapped_column(String(32), default="general")
    title_ru: Mapped[str] = mapped_column(String(255))
    title_kk: Mapped[str] = mapped_column(String(255), default="")
    title_en: Mapped[str] = mapped_column(String(255), default="")
    body_ru: Mapped[str] = mapped_column(Text)
    body_kk: Mapped[str] = mapped_column(Text, default="")
    body_en: Mapped[str] = mapped_column(Text, default="")
    # Extra search words in any language (synonyms, spellings); never shown.
    keywords: Mapped[str] = mapped_column(Text, default="")
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    order: Mapped[int] = mapped_column(Integer, default=0)
