"""Static reference vocabularies (sources: docs/decisions/0010-reference-vocabulary.md)."""
