"""Rule-based career guidance for bachelor applicants (req §1, issue 14): three questions (interests, strong school
subjects, plans), then bachelor educational programs from the portal's catalogue, each with the reason it fits, the
UNT profile subjects where known, and an apply link.

Words are matched after the same normalisation as retrieval (first 5 letters), so "программированием",
"бағдарламалау" and "programming" all land on the tag `it`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .retrieval import normalise

STAGES = ("interests", "subjects", "plans", "done")

# tag -> words (any language, any form; normalised when loaded)
_LEXICON_WORDS: dict[str, str] = {
    "it": "программирование программист компьютер компьютеры информатика айти IT код кодинг сайты игры технологии "
    "робототехника programming programmer computer computers code coding software apps games technology tech "
    "бағдарламалау бағдарламашы компьютер ақпараттық технология ойындар",
    "data": "данные анализ аналитика статистика искусственный интеллект нейросети data analytics analysis "
    "statistics AI machine learning деректер талдау статистика жасанды интеллект",
    "math": "математика алгебра геометрия цифры числа расчёты math maths mathematics algebra numbers математика сандар",
    "economics": "экономика экономист рынок economics economy economist market экономика нарық",
    "finance": "финансы деньги банк банки бухгалтерия учёт аудит инвестиции налоги finance money bank banking "
    "accounting audit investment taxes қаржы ақша банк бухгалтерия есеп салық",
    "business": "бизнес компания управление руководить лидер менеджмент команда business company manage management "
    "leader leadership team бизнес компания басқару көшбасшы команда",
    "entrepreneurship": "предприниматель предпринимательство стартап свой бизнес entrepreneur startup own business "
    "кәсіпкер кәсіпкерлік стартап",
    "marketing": "маркетинг реклама продвижение соцсети бренд дизайн marketing advertising brand social media "
    "promotion маркетинг жарнама бренд әлеуметтік желі",
    "law": "право закон законы юрист юриспруденция адвокат суд справедливость права человека основы права law laws "
    "lawyer legal justice court rights құқық заң заңгер сот әділет",
    "history": "история всемирная история прошлое history world history past тарих дүниежүзі тарихы",
    "international": "международные страны дипломатия дипломат мир путешествия языки иностранный английский "
    "international countries diplomacy diplomat languages foreign english халықаралық елдер дипломатия тілдер "
    "шетел ағылшын",
    "social": "люди общество социология психология общение помогать людям society people sociology psychology "
    "communication helping адамдар қоғам әлеуметтану психология қарым",
    "public": "государство государственная служба политика чиновник government public service politics state "
    "мемлекет мемлекеттік қызмет саясат",
    "geography": "география карты природа geography maps nature география карта табиғат",
    "tourism": "туризм путешествия путешествовать гостиницы отели рестораны кухня сервис гостеприимство tourism "
    "travel travelling hotels hotel restaurants cooking hospitality service туризм саяхат қонақ үй мейрамхана",
}
LEXICON: dict[str, set[str]] = {tag: set(normalise(words)) for tag, words in _LEXICON_WORDS.items()}
# Ambiguous prefixes (e.g. "компа" of компания/компьютер) are kept; weights make the rest.

TAG_NAMES: dict[str, tuple[str, str, str]] = {
    "it": ("информационные технологии", "ақпараттық технологиялар", "information technology"),
    "data": ("данные и аналитика", "деректер мен талдау", "data and analytics"),
    "math": ("математика", "математика", "mathematics"),
    "economics": ("экономика", "экономика", "economics"),
    "finance": ("финансы", "қаржы", "finance"),
    "business": ("бизнес и управление", "бизнес және басқару", "business and management"),
    "entrepreneurship": ("своё дело", "өз ісі", "entrepreneurship"),
    "marketing": ("маркетинг и реклама", "маркетинг және жарнама", "marketing and advertising"),
    "law": ("право", "құқық", "law"),
    "history": ("история", "тарих", "history"),
    "international": (
        "международные отношения и языки",
        "халықаралық қатынастар және тілдер",
        "international affairs and languages",
    ),
    "social": ("люди и общество", "адамдар мен қоғам", "people and society"),
    "public": ("государственная служба", "мемлекеттік қызмет", "public service"),
    "geography": ("география", "география", "geography"),
    "tourism": ("туризм и сервис", "туризм және қызмет көрсету", "tourism and hospitality"),
}

# Educational program (catalogue code) -> the tags it fits. Unknown codes fall back to their group (first 5 chars).
PROGRAM_TAGS: dict[str, tuple[str, ...]] = {
    "6B04101": ("economics", "math", "finance"),
    "6B04102": ("finance", "economics", "math"),
    "6B04103": ("finance", "math"),
    "6B04104": ("business", "economics"),
    "6B04105": ("marketing", "business"),
    "6B04106": ("public", "business", "social"),
    "6B04107": ("entrepreneurship", "business", "economics"),
    "6B04201": ("law", "history", "public"),
    "6B04202": ("law", "international", "history"),
    "6B06101": ("it", "math"),
    "6B06102": ("it", "math"),
    "6B06103": ("data", "it", "math"),
    "6B03101": ("social", "history"),
    "6B03102": ("international", "history", "public"),
    "6B11101": ("tourism", "business"),
    "6B11102": ("tourism", "geography", "international"),
}
GROUP_TAGS: dict[str, tuple[str, ...]] = {
    "6B041": ("business", "economics"),
    "6B042": ("law",),
    "6B061": ("it",),
    "6B031": ("social",),
    "6B111": ("tourism",),
}

SUBJECTS: dict[str, tuple[str, str, str]] = {
    "math": ("Математика", "Математика", "Mathematics"),
    "geography": ("География", "География", "Geography"),
    "informatics": ("Информатика", "Информатика", "Computer science"),
    "world_history": ("Всемирная история", "Дүниежүзі тарихы", "World history"),
    "law_basics": ("Основы права", "Құқық негіздері", "Fundamentals of law"),
    "foreign_language": ("Иностранный язык", "Шетел тілі", "Foreign language"),
}
# UNT profile subject pairs by group of educational programs, where the portal knows them; a catalogue entry's
# additional_data.unt_subjects (a list of SUBJECTS keys) takes precedence.
UNT_BY_GROUP: dict[str, tuple[str, str]] = {
    "6B041": ("math", "geography"),
    "6B042": ("world_history", "law_basics"),
    "6B061": ("math", "informatics"),
    "6B111": ("geography", "foreign_language"),
}
UNT_BY_CODE: dict[str, tuple[str, str]] = {"6B03102": ("world_history", "foreign_language")}
# The UNT subject a strong school subject counts for.
SUBJECT_TAG = {
    "math": "math",
    "geography": "geography",
    "informatics": "it",
    "world_history": "history",
    "law_basics": "law",
    "foreign_language": "international",
}

WEIGHTS = {"interests": 3, "subjects": 2, "plans": 1}
LANG_INDEX = {"ru": 0, "kk": 1, "en": 2}


def tags_of(text: str) -> list[str]:
    words = set(normalise(text))
    return [tag for tag, stems in LEXICON.items() if words & stems]


# Words that ask for a programme (issue 23): with an interest in the same message ("I like maths and computers,
# which programme?") the question is answered by the matching at once, whatever the dialogue's stage. Matched on
# whole words: "бағдарлама" (programme) shares its first letters with "бағдарламалау" (programming), an interest.
PROGRAM_QUESTION = re.compile(
    r"\b(программ[аыуе]\w*|специальност\w*|направлени\w*|факультет\w*|на кого учиться|куда поступать|"
    r"programmes?|programs?|majors?|what (should|can|could) i study|what to study|"
    r"мамандық\w*|бағдарлама(?!лау)\w*|қайда түс\w*|не оқы\w*)\b",
    re.IGNORECASE,
)


def asks_for_program(text: str) -> list[str]:
    """The interests of a direct programme question, or [] when the message does not ask for a programme or names
    no interest (then it is a question for retrieval, e.g. "which bachelor's programmes do you have?")."""
    if not PROGRAM_QUESTION.search(text):
        return []
    return tags_of(PROGRAM_QUESTION.sub(" ", text))


def program_tags(code: str) -> tuple[str, ...]:
    return PROGRAM_TAGS.get(code) or GROUP_TAGS.get(code[:5], ())


def unt_subjects(code: str, additional_data: dict | None = None) -> list[str]:
    given = (additional_data or {}).get("unt_subjects")
    if isinstance(given, list) and all(isinstance(s, str) and s in SUBJECTS for s in given):
        return list(given)
    return list(UNT_BY_CODE.get(code) or UNT_BY_GROUP.get(code[:5], ()))


@dataclass
class Program:
    code: str
    names: dict[str, str]  # ru, kk, en
    additional_data: dict


@dataclass
class Recommendation:
    program: Program
    score: int
    matched: list[str]
    subjects: list[str]

    def render(self, lang: str, study_program_id: int | None) -> dict:
        i = LANG_INDEX[lang]
        lead = {
            "ru": "Подходит, потому что вам близки: ",
            "kk": "Сәйкес келеді, себебі сізге жақын: ",
            "en": "Fits because you like: ",
        }
        reason = lead[lang] + ", ".join(TAG_NAMES[t][i] for t in self.matched) + "."
        url = "/apply" if study_program_id is None else f"/apply?study_program_id={study_program_id}"
        return {
            "code": self.program.code,
            "name": self.program.names.get(lang) or self.program.names["ru"],
            "reason": reason,
            "unt_subjects": [SUBJECTS[s][i] for s in self.subjects],
            "apply_url": url + ("&" if "?" in url else "?") + f"educational_program={self.program.code}",
            "study_program_id": study_program_id,
        }


def recommend(profile: dict[str, list[str]], programs: list[Program], limit: int = 3) -> list[Recommendation]:
    """Scores each bachelor program by the tags of the answers (interests weigh most, then strong subjects, then
    plans; the program's main field adds one; a strong subject that is one of its UNT subjects counts again).
    Ties keep catalogue order."""
    scored = []
    for order, program in enumerate(programs):
        tags = program_tags(program.code)
        subjects = unt_subjects(program.code, program.additional_data)
        score, matched = 0, []
        for stage, weight in WEIGHTS.items():
            for tag in profile.get(stage, []):
                if tag in tags:
                    score += weight
                    if tag not in matched:
                        matched.append(tag)
        if tags and tags[0] in matched:
            score += 1  # the program's main field, before its neighbours
        for subject in subjects:
            if SUBJECT_TAG[subject] in profile.get("subjects", []):
                score += 2
                if SUBJECT_TAG[subject] not in matched:
                    matched.append(SUBJECT_TAG[subject])
        if score > 0:
            scored.append((-score, order, Recommendation(program, score, matched, subjects)))
    scored.sort(key=lambda item: (item[0], item[1]))
    return [item[2] for item in scored[:limit]]
