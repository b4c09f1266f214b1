"""Ranking of the assistant's documents: BM25F over an in-memory index built per question from `sources.all_docs()`
(a few dozen documents), in plain Python, so answers do not depend on the deployment's database (decision 0071).

Each document is indexed once with its title, keywords and body in all three languages, so a question in any language
finds it; the answer is then shown in the asker's language. Words are stemmed by `normalise`: Kazakh plural, case and
possessive endings are cut (құжаттарды → құжат, жатақханаға → жатақхана), then every word is cut to its first PREFIX
letters (a light stemmer for Russian and English endings too: общежития, documents). A question's words are widened
by SYNONYMS (what applicants say → the words the documents use, in any language) before ranking.

Why not SQLite FTS5's bm25() any more (issue 23, decision 0085): its inverse document frequency is clamped to ~0 for
a word found in more than half of the documents, and with ~20 documents "құжат" (document) is in about half of them,
so "Қандай құжаттар керек?" found nothing above the threshold and a side word ("түсу", as in "түсу жарнасы") picked
the admission fee. Here the idf is Lucene's log(1 + (N − n + 0.5)/(n + 0.5)), positive for every word.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from .sources import Doc

PREFIX = 5
MIN_WORD = 2
# BM25 parameters and field weights (title, keywords, body): keywords are curated, titles name the topic.
K1 = 1.2
FIELD_WEIGHTS = (3.0, 4.0, 1.0)
FIELD_B = (0.3, 0.3, 0.75)  # length normalisation per field: short curated fields hardly, the body fully
SYNONYM_WEIGHT = 0.6

# Kazakh endings, longest first; one ending is cut per pass, at most three passes (plural + possessive + case:
# құжат-тар-ы-н), and never below MIN_STEM letters so that short roots stay whole.
_KAZAKH_ENDINGS = sorted(
    (
        "лар лер дар дер тар тер "  # plural
        "ның нің дың дің тың тің "  # genitive
        "ға ге қа ке на не а е "  # dative
        "ны ні ды ді ты ті н "  # accusative
        "да де та те нда нде "  # locative
        "дан ден тан тен нан нен "  # ablative
        "мен бен пен "  # instrumental
        "ым ім м ың ің ң сы сі ы і "  # possessive
        "мыз міз ымыз іміз ңыз ңіз ыңыз іңіз "
    ).split(),
    key=len,
    reverse=True,
)
_KAZAKH_LETTERS = set("әғқңөұүһі")
MIN_STEM = 4


def _kazakh_stem(word: str) -> str:
    for _ in range(3):
        for ending in _KAZAKH_ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
                word = word[: -len(ending)]
                break
        else:
            break
    return word


def _stem(raw: str) -> str:
    # Kazakh words are recognised by their letters; a Russian word is cut to PREFIX letters anyway, so cutting a
    # Kazakh ending first only matters for the Kazakh words whose root is shorter than PREFIX + ending.
    if _KAZAKH_LETTERS & set(raw):
        raw = _kazakh_stem(raw)
    return raw[:PREFIX]


# Question words and fillers that say nothing about the topic (stemmed like every word). "When" (когда, қашан)
# is not one of them: it asks for a date, and the admission deadlines document is found by it.
_STOPWORDS_TEXT = (
    "как какой какие какая каков что где сколько можно нужно надо ли мне меня мой моя для это есть или и "
    "в на по с у о об от до из за не да нет а же бы вы вас ваш при про есть будет хочу хотел подскажите скажите "
    "пожалуйста здравствуйте привет у вас нужны нужна нужен "
    "қалай қандай қайда қанша не бар ма ме ба бе па пе керек маған менің үшін және мен сіз сізге "
    "айтыңызшы сәлем сәлеметсіз бола болады ма ме ғой қажет "
    "what which how where much many is are the a an do does i my me for to of in on can could should "
    "need please tell about with you your there hello hi have has it any"
)
_WORD = re.compile(r"\w+", re.UNICODE)


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower().replace("ё", "е")) if not w.isdigit() and len(w) >= MIN_WORD]


STOPWORDS = {_stem(w) for w in _words(_STOPWORDS_TEXT)}


def normalise(text: str) -> list[str]:
    words = []
    for raw in _words(text):
        word = _stem(raw)
        if word not in STOPWORDS:
            words.append(word)
    return words


# What applicants say → words the documents use (any language; stemmed when loaded). A synonym widens the
# question, it never replaces the word that was asked.
_SYNONYMS_TEXT: dict[str, str] = {
    # documents
    "справка справки бумаги papers paperwork certificates анықтама анықтамалар қағаз": "документы құжаттар documents",
    "загрузить upload жүктеу": "документы құжаттар documents",
    # the fee and paying it
    "оплата платёж payment pay төлем төлеу": "взнос жарна fee",
    # dormitory
    "housing accommodation live living общага жильё проживание жить тұру орналасу": "общежитие жатақхана dormitory",
    # deadlines
    "deadline открывается open opens начинается басталады": "сроки мерзім deadline",
    # grant
    "бесплатно free тегін scholarship scholarships стипендия бюджет": "грант grant",
    # programmes
    "специальности специальность majors major мамандық мамандықтар": "программы бағдарламалар programs",
    # applying
    "submit подать заявление apply enrol поступить поступление түсу steps шаги қадамдар толтыру fill": (
        "подать заявку өтінім беру apply"
    ),
    # password and signing in
    "войти log login sign кіру": "пароль құпиясөз password",
    # contacts
    "связаться contact contacts reach байланысу": "контакты байланыс contacts",
    # originals
    "originals оригиналы түпнұсқалар bring приносить әкелу": "лично түпнұсқа originals",
}
SYNONYMS: dict[str, set[str]] = {}
for _said, _meant in _SYNONYMS_TEXT.items():
    for _word in normalise(_said):
        SYNONYMS.setdefault(_word, set()).update(normalise(_meant))


def expand(terms: list[str]) -> list[str]:
    """The question's stems and, after them, the stems their synonyms add (each once)."""
    out = list(dict.fromkeys(terms))
    for term in terms:
        out.extend(s for s in sorted(SYNONYMS.get(term, ())) if s not in out)
    return out


def groups(terms: list[str]) -> list[tuple[str, set[str]]]:
    """One group per asked stem: the stem and its synonyms. A group scores as its best member, so a word with many
    synonyms does not count many times."""
    asked = list(dict.fromkeys(terms))
    return [(term, SYNONYMS.get(term, set()) - {term}) for term in asked]


@dataclass
class Hit:
    doc: Doc
    score: float  # higher is better


def _fields(doc: Doc) -> tuple[list[str], list[str], list[str]]:
    return (
        normalise(" ".join(doc.title.values())),
        normalise(doc.keywords),
        normalise(" ".join(doc.body.values())),
    )


def family(doc: Doc) -> str:
    """Documents that are one topic split by variant (the six document lists, the three programme catalogues)
    count as one for the idf: otherwise their shared words ("documents") would look common and weigh nothing."""
    return doc.type if doc.type in ("documents", "programs") else doc.key


def rank(question: str, docs: list[Doc], limit: int = 3) -> list[Hit]:
    """BM25F: each field's term count is normalised by that field's own length (a long body does not hide a word of
    the title), weighted, summed, then saturated once; a synonym counts SYNONYM_WEIGHT of the word asked."""
    asked = normalise(question)
    if not asked or not docs:
        return []
    indexed = [[Counter(field) for field in _fields(doc)] for doc in docs]
    averages = [sum(sum(fields[i].values()) for fields in indexed) / len(indexed) or 1.0 for i in range(3)]
    families = [family(doc) for doc in docs]
    total = len(set(families))
    idf_cache: dict[str, float] = {}

    def idf(term: str) -> float:
        if term not in idf_cache:
            found_in = len({f for f, fields in zip(families, indexed, strict=True) if any(c[term] for c in fields)})
            idf_cache[term] = math.log(1 + (total - found_in + 0.5) / (found_in + 0.5))
        return idf_cache[term]

    def term_score(fields: list[Counter], term: str) -> float:
        tf = 0.0
        for weight, b, counts, average in zip(FIELD_WEIGHTS, FIELD_B, fields, averages, strict=True):
            if counts[term]:
                tf += weight * counts[term] / (1 - b + b * sum(counts.values()) / average)
        return idf(term) * tf * (K1 + 1) / (tf + K1) if tf else 0.0

    hits = []
    for doc, fields in zip(docs, indexed, strict=True):
        score = 0.0
        for term, synonyms in groups(asked):
            best = term_score(fields, term)
            for synonym in synonyms:
                best = max(best, SYNONYM_WEIGHT * term_score(fields, synonym))
            score += best
        if score > 0:
            hits.append(Hit(doc, score))
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]
