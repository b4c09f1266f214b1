"""Where the files shared by the server and the client live: the top-level forms/ folder (step definitions,
labels, rule vectors). Neither side owns them, so neither side's package holds them."""

from pathlib import Path

SHARED_FORMS_DIR = Path(__file__).resolve().parents[2] / "forms"
