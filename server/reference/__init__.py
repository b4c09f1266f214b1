"""Reference data: educational institutions, the KATO address tree and their staff imports."""
