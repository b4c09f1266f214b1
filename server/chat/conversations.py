"""The home-page assistant's use cases (req §1, §7 Chat, §8; issue 14; decision 0071).

start → a conversation of the signed-in user with a welcome; message → the career dialogue (interests, strong
subjects, plans → bachelor programs from the catalogue) or an answer retrieved from the portal's data and the curated
knowledge base, in the language the applicant writes in; hand_off → the applicant's own question goes to their admin
population and the assistant stays silent in that conversation until back_to_assistant (issue 23, decision 0085);
the staff answer is stored in the same chat thread, e-mailed, and kept as an application message.
Someone else's chatId answers 404 exactly like an unknown one. Each use case owns its one commit.
"""

from __future__ import annotations

import re
import uuid

from flask import current_app

from .. import audit, populations
from ..accounts.users import language_of
from ..applications import dao as applications_dao
from ..database import use_case
from ..errors import Invalid, NotFound, Refused
from ..extensions import db
from ..i18n import LANGUAGES, translate
from ..integrations import chat_model
from ..jobs.mail import queue_mail
from ..models import ApplicationMessage, ChatConversation, ChatMessage, StudyProgram, User
from ..models.base import utcnow
from ..models.chat import ROLE_ASSISTANT, ROLE_STAFF, ROLE_USER
from ..populations import is_admin_of, population_of
from . import career, dao, language, retrieval, sources

# A hit scoring below this (FTS5 bm25, negated) is not an answer (tests/integration/chat_questions.json).
MIN_SCORE = 0.2
# When a question does not say whose documents it means, the asker's own questionnaire variant and the bachelor
# level (the assistant's level, §1) come first; an explicit "foreign"/"master" outweighs these nudges.
OTHER_VARIANT_FACTOR = 0.9
BACHELOR_FACTOR = 1.05
SOURCES_SHOWN = 3
HANDOFF_WORDS = re.compile(
    r"(спросить (сотрудника|человека|оператора)|живой человек|позов\w* (оператора|сотрудника|человека)|"
    r"ask a (person|human)|talk to a (person|human)|real person|қызметкерден сұра\w*|адаммен сөйлес\w*|операторға)",
    re.IGNORECASE,
)
RESTART_WORDS = re.compile(r"^\s*(заново|сначала|restart|start over|қайта бастау|басынан)\s*[.!]?\s*$", re.IGNORECASE)


def _t(key: str, lang: str, **params) -> str:
    return translate(key, lang, **params)


def _language(value: str | None, fallback: str) -> str:
    return value if value in LANGUAGES else fallback


# ------------------------------------------------------------------------------------------------ applicant side


def get_owned(user: User, chat_id: str) -> ChatConversation:
    conversation = dao.by_public_id(chat_id)
    if conversation is None or conversation.user_id != user.id:
        raise NotFound("chat.not_found")
    return conversation


def conversations_of(user: User) -> list[ChatConversation]:
    return dao.of_user(user.id)


def _add(conversation: ChatConversation, role: str, content: str, **extra) -> ChatMessage:
    message = ChatMessage(role=role, content=content, created_at=utcnow(), **extra)
    conversation.messages.append(message)
    conversation.updated_at = message.created_at
    return message


@use_case
def start(user: User, chat_type: str, level: str, lang: str) -> tuple[ChatConversation, str]:
    conversation = ChatConversation(
        public_id=str(uuid.uuid4()),
        user_id=user.id,
        type=chat_type,
        level=level,
        language=lang,
        state={"stage": "interests", "profile": {}},
    )
    welcome = _t("chat.welcome", lang)
    _add(conversation, ROLE_ASSISTANT, welcome)
    db.session.add(conversation)
    return conversation, welcome


def check_length(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise Invalid("chat.message_required", errors={"message": ["chat.message_required"]})
    limit = current_app.config["CHAT_MAX_MESSAGE_LENGTH"]
    if len(text) > limit:
        raise Invalid("chat.message_too_long", errors={"message": ["chat.message_too_long"]}, max=limit)
    return text


@use_case
def message(user: User, chat_id: str, text: str, chosen_language: str | None = None) -> dict:
    """One applicant message. While the conversation is with staff the assistant stays silent (reply None): the
    message waits for staff, who see the conversation as unanswered again."""
    conversation = get_owned(user, chat_id)
    text = check_length(text)
    lang = language.detect(text, fallback=_language(chosen_language, conversation.language))
    conversation.language = lang
    _add(conversation, ROLE_USER, text)
    if conversation.with_staff:
        conversation.staff_answered_at = None
        return {"reply": None, "sources": [], "recommendations": [], "language": lang, "handed_off": True}
    if HANDOFF_WORDS.search(text):
        answer = _hand_off(user, conversation, lang)  # the typed request is the applicant's own text for staff
    elif RESTART_WORDS.match(text):
        conversation.state = {"stage": "interests", "profile": {}}
        answer = {"reply": _t("chat.restart", lang)}
    else:
        answer = _answer(conversation, text, lang)
    stored = _add(
        conversation,
        ROLE_ASSISTANT,
        answer["reply"],
        sources=answer.get("sources", []),
        recommendations=answer.get("recommendations", []),
    )
    return {
        "reply": stored.content,
        "sources": stored.sources,
        "recommendations": stored.recommendations,
        "language": lang,
        "handed_off": conversation.with_staff,
    }


@use_case
def hand_off(user: User, chat_id: str, question: str, chosen_language: str | None = None) -> dict:
    """The applicant's "ask a person" with their own question: it is stored as their message, the conversation goes
    to the admissions staff of their population and the assistant stays silent until they come back to it."""
    conversation = get_owned(user, chat_id)
    if population_of(user) is None:
        raise Refused("chat.citizenship_required")
    question = check_length(question)
    lang = language.detect(question, fallback=_language(chosen_language, conversation.language))
    conversation.language = lang
    _add(conversation, ROLE_USER, question)
    answer = _hand_off(user, conversation, lang)
    stored = _add(conversation, ROLE_ASSISTANT, answer["reply"])
    return {"reply": stored.content, "sources": [], "recommendations": [], "language": lang, "handed_off": True}


def _hand_off(user: User, conversation: ChatConversation, lang: str) -> dict:
    if population_of(user) is None:
        raise Refused("chat.citizenship_required")
    conversation.with_staff = True
    conversation.handed_off_at = utcnow()  # the latest hand-off orders the staff list
    conversation.staff_answered_at = None
    return {"reply": _t("chat.handoff_done", lang)}


@use_case
def back_to_assistant(user: User, chat_id: str, chosen_language: str | None = None) -> dict:
    """The applicant's "back to the assistant": the hand-off ends for new questions (staff keep the history and may
    still answer what was asked; such an answer lands in the same thread and by e-mail)."""
    conversation = get_owned(user, chat_id)
    lang = _language(chosen_language, conversation.language)
    if not conversation.with_staff:
        return {"reply": None, "sources": [], "recommendations": [], "language": lang, "handed_off": False}
    conversation.with_staff = False
    stored = _add(conversation, ROLE_ASSISTANT, _t("chat.handoff_returned", lang))
    return {"reply": stored.content, "sources": [], "recommendations": [], "language": lang, "handed_off": False}


# ------------------------------------------------------------------------------------------------ the brain


def _is_question(text: str) -> bool:
    return "?" in text


def _answer(conversation: ChatConversation, text: str, lang: str) -> dict:
    state = dict(conversation.state or {})
    stage = state.get("stage", "done")
    direct = career.asks_for_program(text)
    if direct:
        # "I like maths and computers, which programme?": the matching answers at once, at any stage.
        profile = {"interests": direct}
        answer = _recommendation_reply(profile, lang)
        if answer.get("recommendations"):
            conversation.state = {"stage": "done", "profile": profile}
            return answer
    if stage in career.STAGES[:3] and not _is_question(text):
        tags = career.tags_of(text)
        hits = [] if tags else retrieve(text, conversation.user)
        if tags or not hits:
            return _career_step(conversation, state, stage, tags, lang)
        answer = _retrieved(text, hits, lang)
        answer["reply"] += "\n\n" + _t(f"chat.ask_{stage}", lang)
        return answer
    hits = retrieve(text, conversation.user)
    if not hits:
        reply = _t("chat.no_answer", lang)
        if stage in career.STAGES[:3]:
            reply += "\n\n" + _t(f"chat.ask_{stage}", lang)
        return {"reply": reply}
    answer = _retrieved(text, hits, lang)
    if stage in career.STAGES[:3]:
        answer["reply"] += "\n\n" + _t(f"chat.ask_{stage}", lang)
    return answer


def retrieve(text: str, user: User | None = None) -> list[retrieval.Hit]:
    hits = retrieval.rank(text, sources.all_docs(), limit=SOURCES_SHOWN * 3)
    population = population_of(user) if user is not None else None
    own = {"kz": "home", "foreign": "foreign"}.get(population or "")
    for hit in hits:
        parts = hit.doc.key.split(":")
        if parts[0] == "documents":
            if own and parts[1] != own:
                hit.score *= OTHER_VARIANT_FACTOR
            if parts[2] == "bachelor":
                hit.score *= BACHELOR_FACTOR
    hits.sort(key=lambda h: -h.score)
    return [h for h in hits[:SOURCES_SHOWN] if h.score >= MIN_SCORE]


def answer_keys(text: str, user: User | None = None) -> list[str]:
    """The sources a standalone question is answered with, best first: the recommended programmes of a direct
    programme question (`recommend:<code>`), then the retrieved documents. The evaluation's view of the assistant
    (tests/integration/test_chat_retrieval.py)."""
    keys = [f"recommend:{r['code']}" for r in _direct_recommendations(text, "ru")]
    return keys + [hit.doc.key for hit in retrieve(text, user)]


def _direct_recommendations(text: str, lang: str) -> list[dict]:
    tags = career.asks_for_program(text)
    return bachelor_recommendations({"interests": tags}, lang) if tags else []


def _retrieved(question: str, hits: list[retrieval.Hit], lang: str) -> dict:
    top = hits[0]
    shown = [h for h in hits if h.score >= top.score * 0.5]
    offline = f"{top.doc.heading(lang)}. {top.doc.text(lang)}"
    phrased = None
    if chat_model.is_configured():
        phrased = chat_model.phrase(question, [(h.doc.heading(lang), h.doc.text(lang)) for h in shown], lang)
    return {
        "reply": phrased or offline,
        "sources": [{"key": h.doc.key, "type": h.doc.type, "title": h.doc.heading(lang)} for h in shown],
    }


def _career_step(conversation, state: dict, stage: str, tags: list[str], lang: str) -> dict:
    profile = {k: list(v) for k, v in (state.get("profile") or {}).items()}
    profile[stage] = tags
    following = career.STAGES[career.STAGES.index(stage) + 1]
    conversation.state = {"stage": following, "profile": profile}
    if following != "done":
        return {"reply": _t(f"chat.ask_{following}", lang)}
    return _recommendation_reply(profile, lang)


def _recommendation_reply(profile: dict, lang: str) -> dict:
    recommendations = bachelor_recommendations(profile, lang)
    if not recommendations:
        return {"reply": _t("chat.no_recommendation", lang), "sources": _catalogue_source(lang)}
    lines = [_t("chat.recommend_intro", lang)]
    unt_label = _t("chat.unt_subjects", lang)
    for index, item in enumerate(recommendations, start=1):
        line = f"{index}. {item['name']} — {item['reason']}"
        if item["unt_subjects"]:
            line += f" {unt_label}: {', '.join(item['unt_subjects'])}."
        lines.append(line)
    return {"reply": "\n".join(lines), "recommendations": recommendations, "sources": _catalogue_source(lang)}


def _catalogue_source(lang: str) -> list[dict]:
    names = sources.DEGREE_TITLES["bachelor"]
    return [{"key": "programs:bachelor", "type": "programs", "title": names[career.LANG_INDEX[lang]]}]


def bachelor_recommendations(profile: dict, lang: str) -> list[dict]:
    from sqlalchemy import select

    family = next(
        (
            p
            for p in db.session.scalars(select(StudyProgram).where(StudyProgram.degree == "bachelor"))
            if not p.is_hidden
        ),
        None,
    )
    programs = [
        career.Program(
            o.code, {"ru": o.name_ru, "kk": o.name_kk or o.name_ru, "en": o.name_en}, o.additional_data or {}
        )
        for o in sources.educational_programs("bachelor")
    ]
    return [r.render(lang, family.id if family else None) for r in career.recommend(profile, programs)]


# ------------------------------------------------------------------------------------------------ staff side


def handed_off_for(actor: User, page: int, per_page: int) -> tuple[list[ChatConversation], int]:
    return dao.handed_off(populations.populations_of(actor), page, per_page)


def for_admin(actor: User, chat_id: str) -> ChatConversation:
    """A handed-off conversation of an applicant in the admin's population, else 404 (as for unknown ids)."""
    conversation = dao.by_public_id(chat_id)
    if conversation is None or conversation.handed_off_at is None:
        raise NotFound("chat.not_found")
    owner = db.session.get(User, conversation.user_id)
    if owner is None or not is_admin_of(actor, owner):
        raise NotFound("chat.not_found")
    return conversation


@use_case
def staff_reply(actor: User, chat_id: str, content: str) -> ChatMessage:
    """The admin's answer: a staff message in the same chat thread (the widget shows it when open or reopened),
    e-mailed to the applicant after the commit in the language of the conversation, and, when the applicant has an
    application, an application message too (their messages on the home page and /my-applications)."""
    conversation = for_admin(actor, chat_id)
    content = check_length(content)
    now = utcnow()
    reply = _add(conversation, ROLE_STAFF, content, author_id=actor.id)
    conversation.staff_answered_at = now
    application = applications_dao.latest_application_of(conversation.user_id)
    if application is not None:
        db.session.add(
            ApplicationMessage(application_id=application.id, author_id=actor.id, content=content, created_at=now)
        )
    owner = db.session.get(User, conversation.user_id)
    queue_mail(owner.email, "chat_staff_reply", _language(conversation.language, language_of(owner)), answer=content)
    audit.record(
        "chat.staff_reply",
        ("chat", conversation.public_id),
        {"user_id": conversation.user_id, "length": len(content)},
        actor=actor,
    )
    return reply
