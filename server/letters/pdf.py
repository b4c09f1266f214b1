"""Renders a letter as a PDF: one page per language (the applicant's, then Russian), each with the verification
code and a QR code of the public verification address (decision 0080).

fpdf2 embeds a subset of the bundled DejaVu Sans (fonts/, Bitstream Vera licence), which covers Kazakh Cyrillic
(ә ғ қ ң ө ұ ү һ і) and the tenge sign; the subset carries a ToUnicode map, so the text can be extracted and
searched. Nothing is fetched at run time."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import segno
from fpdf import FPDF

HERE = Path(__file__).parent
FONT = "DejaVuSans"
FONT_FILES = {"": HERE / "fonts" / "DejaVuSans.ttf", "B": HERE / "fonts" / "DejaVuSans-Bold.ttf"}
LABEL_WIDTH = 64  # mm: the longest label, "Образовательная программа" in bold 10 pt, is 59 mm


@cache
def texts(lang: str) -> dict[str, str]:
    """The letter template of one language (templates/<lang>.json)."""
    return json.loads((HERE / "templates" / f"{lang}.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class LetterContent:
    """What a letter says, language by language; `fields[lang]` are the label/value rows under the body."""

    kind: str
    code: str
    version: int
    verify_url: str
    contact_email: str
    issued_on: str  # dd.mm.yyyy, the university's calendar day
    body_params: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> template parameters
    fields: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # lang -> [(label key, value)]


def grouped(code: str) -> str:
    """ABCD-EFGH-JKMN-PQRS: easier to read aloud and to type than sixteen characters in a row."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def _qr_png(url: str) -> io.BytesIO:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=6, border=2)
    out.seek(0)
    return out


def _page(pdf: FPDF, lang: str, content: LetterContent, qr: io.BytesIO) -> None:
    t = texts(lang)
    pdf.add_page()
    pdf.set_font(FONT, "B", 11)
    pdf.cell(0, 6, t["issuer"], new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 9)
    pdf.cell(0, 5, t["portal"], new_x="LMARGIN", new_y="NEXT")
    pdf.cell(
        0, 5, t["number"].format(code=grouped(content.code), version=content.version), new_x="LMARGIN", new_y="NEXT"
    )
    pdf.cell(0, 5, t["date"].format(date=content.issued_on), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font(FONT, "B", 15)
    pdf.multi_cell(0, 8, t[f"{content.kind}.title"], new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font(FONT, "", 11)
    body = t[f"{content.kind}.body"].format(**content.body_params[lang])
    # Left-aligned, not justified: justification stretches spaces, which text extraction then reads as gaps.
    pdf.multi_cell(0, 6, body, align="L", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    for label_key, value in content.fields.get(lang, []):
        pdf.set_font(FONT, "B", 10)
        pdf.cell(LABEL_WIDTH, 7, t[label_key])
        pdf.set_font(FONT, "", 10)
        pdf.multi_cell(0, 7, value, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(8)
    top = pdf.get_y()
    pdf.image(qr, x=pdf.l_margin, y=top, w=32, h=32)
    qr.seek(0)
    pdf.set_xy(pdf.l_margin + 38, top + 2)
    pdf.set_font(FONT, "B", 10)
    pdf.cell(0, 6, t["code"].format(code=grouped(content.code)), new_x="LMARGIN", new_y="NEXT")
    pdf.set_x(pdf.l_margin + 38)
    pdf.set_font(FONT, "", 9)
    pdf.multi_cell(0, 5, t["verify"].format(url=content.verify_url), new_x="LMARGIN", new_y="NEXT")
    pdf.set_x(pdf.l_margin + 38)
    pdf.multi_cell(0, 5, t["contact"].format(email=content.contact_email), new_x="LMARGIN", new_y="NEXT")


def render(content: LetterContent, languages: tuple[str, ...]) -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.set_margins(20, 20, 20)
    for style, path in FONT_FILES.items():
        pdf.add_font(FONT, style, str(path))
    pdf.set_title(texts(languages[0])[f"{content.kind}.title"])
    pdf.set_creator("Qabyldau")
    qr = _qr_png(content.verify_url)
    for lang in languages:
        _page(pdf, lang, content, qr)
    return bytes(pdf.output())
