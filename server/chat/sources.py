"""The documents the assistant answers from, in ru/kk/en: the curated knowledge base (chat_knowledge) and the
portal's own data — admission terms (deadlines), the study and educational programs catalogue, the documents each
questionnaire asks for (server/forms definitions), the admission fee and the dormitory room types with prices.
Read-only; built per question (a few dozen rows), so an edit by staff is answered with at once on every app server."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select

from .. import forms
from ..extensions import db
from ..forms.context import build_ctx
from ..forms.labels import label
from ..models import ChatKnowledge, RoomType, SelectOption, StudyProgram, Term
from ..models.application import ADMISSION_FEE_KZT

LANGS = ("ru", "kk", "en")
EDUCATIONAL_PROGRAM_TYPE = "fillStepAdditionalInfo_educational_program"
FILE_TYPES = ("file", "image")


@dataclass
class Doc:
    key: str  # stable source key: "kb:<key>", "terms", "programs:bachelor", "documents:foreign:bachelor", ...
    type: str  # knowledge, terms, programs, documents, fee, dormitory
    title: dict[str, str]
    body: dict[str, str]
    keywords: str = ""
    extra: dict = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return self.body.get(lang) or self.body.get("ru") or ""

    def heading(self, lang: str) -> str:
        return self.title.get(lang) or self.title.get("ru") or ""


def _tri(ru: str, kk: str, en: str) -> dict[str, str]:
    return {"ru": ru, "kk": kk or ru, "en": en or ru}


def _name(row, lang: str) -> str:
    return getattr(row, f"name_{lang}", "") or row.name_ru


def _date(value) -> str:
    return value.strftime("%d.%m.%Y")


# ------------------------------------------------------------------------------------------------ knowledge base


def knowledge_docs() -> list[Doc]:
    rows = db.session.scalars(
        select(ChatKnowledge).where(ChatKnowledge.is_active.is_(True)).order_by(ChatKnowledge.order, ChatKnowledge.id)
    )
    return [
        Doc(
            key=f"kb:{row.key}",
            type="knowledge",
            title=_tri(row.title_ru, row.title_kk, row.title_en),
            body=_tri(row.body_ru, row.body_kk, row.body_en),
            keywords=f"{row.topic} {row.keywords}",
            extra={"id": row.id},
        )
        for row in rows
    ]


# ------------------------------------------------------------------------------------------------ portal data


def terms_doc() -> Doc | None:
    terms = list(db.session.scalars(select(Term).where(Term.is_active.is_(True)).order_by(Term.year.desc())))
    if not terms:
        return None
    body = {}
    for lang in LANGS:
        lines = []
        for term in terms:
            opens, closes = _date(term.opens_at), _date(term.closes_at)
            lines.append(
                {
                    "ru": f"Приём {term.year}: заявки принимаются с {opens} до {closes} (не включая).",
                    "kk": f"{term.year} жылғы қабылдау: өтінімдер {opens} бастап {closes} дейін қабылданады.",
                    "en": f"Admission {term.year}: applications are accepted from {opens} until {closes} (exclusive).",
                }[lang]
            )
            for window in term.windows:
                program = db.session.get(StudyProgram, window.study_program_id)
                if program is None:
                    continue
                lines.append(
                    {
                        "ru": f"— {_name(program, lang)}: с {_date(window.opens_at)} до {_date(window.closes_at)}.",
                        "kk": f"— {_name(program, lang)}: {_date(window.opens_at)} – {_date(window.closes_at)}.",
                        "en": f"— {_name(program, lang)}: {_date(window.opens_at)} to {_date(window.closes_at)}.",
                    }[lang]
                )
        body[lang] = " ".join(lines)
    return Doc(
        key="terms",
        type="terms",
        title=_tri("Сроки приёма документов", "Құжаттарды қабылдау мерзімдері", "Admission deadlines"),
        body=body,
        keywords="сроки срок дедлайн когда до какого числа прием заявок начало окончание deadline deadlines when "
        "dates until open close term мерзім мерзімі қашан дейін басталады аяқталады қабылдау күні",
    )


DEGREE_TITLES = {
    "bachelor": ("Программы бакалавриата", "Бакалавриат бағдарламалары", "Bachelor's programs"),
    "master": ("Программы магистратуры", "Магистратура бағдарламалары", "Master's programs"),
    "doctoral": ("Программы докторантуры", "Докторантура бағдарламалары", "Doctoral programs"),
}
DEGREE_KEYWORDS = {
    "bachelor": "бакалавриат бакалавр специальности специальность направления обучения после школы bachelor "
    "bachelor's undergraduate majors specialties бакалавриат мамандық мамандықтар мектептен кейін",
    "master": "магистратура магистр MBA master master's graduate магистратура магистр",
    "doctoral": "докторантура PhD DBA doctoral doctorate докторантура",
}


def educational_programs(degree: str | None = None) -> list[SelectOption]:
    rows = db.session.scalars(
        select(SelectOption).where(SelectOption.type == EDUCATIONAL_PROGRAM_TYPE).order_by(SelectOption.order)
    )
    out = []
    for row in rows:
        data = row.additional_data or {}
        if data.get("disabled"):
            continue
        if degree is None or data.get("degree") == degree:
            out.append(row)
    return out


def program_docs() -> list[Doc]:
    docs = []
    for degree, titles in DEGREE_TITLES.items():
        families = [
            p for p in db.session.scalars(select(StudyProgram).where(StudyProgram.degree == degree)) if not p.is_hidden
        ]
        options = educational_programs(degree)
        if not families and not options:
            continue
        body = {}
        for lang in LANGS:
            lead = {"ru": "Направления: ", "kk": "Бағыттар: ", "en": "Tracks: "}[lang]
            listed = {"ru": "Образовательные программы: ", "kk": "Білім беру бағдарламалары: ", "en": "Programs: "}[
                lang
            ]
            body[lang] = (
                lead
                + "; ".join(_name(p, lang) for p in families)
                + ". "
                + listed
                + "; ".join(_name(o, lang) for o in options)
                + "."
            )
        docs.append(
            Doc(
                key=f"programs:{degree}",
                type="programs",
                title=_tri(*titles),
                body=body,
                keywords="программы обучения специальности список каталог programs list catalogue courses study "
                "бағдарламалар тізімі " + DEGREE_KEYWORDS[degree],
            )
        )
    return docs


DEGREE_NAMES = {
    "bachelor": ("бакалавриат", "бакалавриат", "bachelor's degree"),
    "master": ("магистратура", "магистратура", "master's degree"),
    "doctoral": ("докторантура", "докторантура", "doctoral studies"),
}
VARIANT_TITLES = {
    "foreign": ("иностранных абитуриентов", "шетелдік талапкерлер", "foreign applicants"),
    "home": ("граждан Казахстана", "Қазақстан азаматтары", "citizens of Kazakhstan"),
}
VARIANT_KEYWORDS = {
    "foreign": "иностранец иностранный иностранных паспорт foreign international passport шетелдік төлқұжат",
    "home": "гражданин граждан Казахстан казахстанец citizen citizens Kazakhstan Kazakh азамат азаматтары Қазақстан",
}
PROGRAM_KIND_OF_DEGREE = {"bachelor": "regular_bachelors", "master": "masters_specialized", "doctoral": "doctoral_phd"}


def _document_labels(variant: str, kind: str, lang: str) -> tuple[list[str], list[str]]:
    ctx = build_ctx(kind, is_kazakhstan_citizen=variant == "home")
    required, optional = [], []
    for step_key in forms.steps_for(variant, ctx):
        step = forms.get_step(step_key)
        for field_def in step.get("fields", []):
            if field_def.get("type") not in FILE_TYPES or "visible_if" in field_def:
                continue
            text = label(field_def["label"], lang)
            needed = field_def.get("required") is True or (
                "required_if" in field_def and forms.evaluate(field_def["required_if"], {}, ctx)
            )
            (required if needed else optional).append(text)
        for entry in step.get("document_fields", []):
            if "for_each" in entry or "visible_if" in entry:
                continue
            (optional if entry.get("optional") else required).append(label(entry["label"], lang))
    return list(dict.fromkeys(required)), [x for x in dict.fromkeys(optional) if x not in required]


def documents_docs() -> list[Doc]:
    docs = []
    for variant, who in VARIANT_TITLES.items():
        for degree, kind in PROGRAM_KIND_OF_DEGREE.items():
            degree_names = DEGREE_NAMES[degree]
            body, title = {}, {}
            for lang in LANGS:
                required, optional = _document_labels(variant, kind, lang)
                title[lang] = {
                    "ru": f"Документы для {who[0]}: {degree_names[0]}",
                    "kk": f"Құжаттар ({who[1]}): {degree_names[1]}",
                    "en": f"Documents for {who[2]}: {degree_names[2]}",
                }[lang]
                head = {"ru": "Обязательные: ", "kk": "Міндетті: ", "en": "Required: "}[lang]
                more = {"ru": " По желанию: ", "kk": " Қалауы бойынша: ", "en": " Optional: "}[lang]
                body[lang] = head + "; ".join(required) + "." + (more + "; ".join(optional) + "." if optional else "")
            docs.append(
                Doc(
                    key=f"documents:{variant}:{degree}",
                    type="documents",
                    title=title,
                    body=body,
                    keywords="документы документ справки загрузить нужны список сдать предоставить documents "
                    "document papers upload required list provide hand in құжаттар құжат анықтама жүктеу "
                    "керек тізім тапсыру ұсыну " + VARIANT_KEYWORDS[variant] + " " + DEGREE_KEYWORDS[degree],
                )
            )
    return docs


def fee_doc() -> Doc:
    amount = f"{ADMISSION_FEE_KZT:,}".replace(",", " ")
    return Doc(
        key="fee",
        type="fee",
        title=_tri("Вступительный взнос", "Түсу жарнасы", "Admission fee"),
        body=_tri(
            f"Вступительный взнос — {amount} тенге (₸). Его оплачивают граждане Казахстана на шаге «Оплата» "
            "степпера банковской картой; сотрудники могут освободить от оплаты.",
            f"Түсу жарнасы — {amount} теңге (₸). Оны Қазақстан азаматтары степпердің «Төлем» қадамында банк "
            "картасымен төлейді; қызметкерлер төлемнен босата алады.",
            f"The admission fee is {amount} tenge (KZT). Citizens of Kazakhstan pay it by bank card at the "
            "“Payment” step of the stepper; staff may exempt an applicant.",
        ),
        keywords="взнос стоимость сколько стоит цена оплата тенге деньги платить платный fee cost price how much "
        "tenge KZT pay paid money жарна құны қанша бағасы төлем теңге ақша ақылы",
    )


_PERIOD = {
    "ru": {"month": "в месяц", "semester": "за семестр", "academic_year": "за учебный год"},
    "kk": {"month": "айына", "semester": "семестрге", "academic_year": "оқу жылына"},
    "en": {"month": "per month", "semester": "per semester", "academic_year": "per academic year"},
}


def _room_type_name(room_type: RoomType, lang: str) -> str:
    return (getattr(room_type, f"name_{lang}", "") if lang != "ru" else "") or room_type.name


def dormitory_doc() -> Doc | None:
    rooms = list(db.session.scalars(select(RoomType).order_by(RoomType.price, RoomType.id)))
    if not rooms:
        return None
    body = {}
    for lang in LANGS:
        per = {"ru": "мест", "kk": "орын", "en": "places"}[lang]
        # The room type's name in the reader's language (Russian when not given) and the period its price pays for
        # (issue 23; decisions 0073, 0088).
        lines = [
            f"{_room_type_name(r, lang)} ({r.capacity} {per}): "
            + f"{r.price:,} ₸".replace(",", " ")
            + f" {_PERIOD[lang].get(r.price_period, '')}".rstrip()
            for r in rooms
        ]
        lead = {
            "ru": "Типы комнат общежития и цены за место: ",
            "kk": "Жатақхана бөлмелерінің түрлері және бір орынның бағасы: ",
            "en": "Dormitory room types and prices per place: ",
        }[lang]
        body[lang] = lead + "; ".join(lines) + "."
    return Doc(
        key="dormitory:room_types",
        type="dormitory",
        title=_tri(
            "Общежитие: типы комнат и цены", "Жатақхана: бөлме түрлері мен бағалары", "Dormitory: room types and prices"
        ),
        body=body,
        keywords="общежитие общага комната комнаты цена стоимость проживания сколько стоит место dormitory dorm "
        "room rooms price cost per place hostel жатақхана бөлме бағасы құны орын",
    )


def all_docs() -> list[Doc]:
    docs = knowledge_docs()
    for doc in (terms_doc(), fee_doc(), dormitory_doc()):
        if doc is not None:
            docs.append(doc)
    docs += program_docs()
    docs += documents_docs()
    return docs
