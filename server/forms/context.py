"""Builds the rule context (ctx) from plain values; callers pass model attributes, not models."""
from __future__ import annotations

# StudyProgram.kind -> the §3 study-program info flag that is true for it.
PROGRAM_FLAGS = {
    "regular_bachelors": "isRegularBachelors",
    "masters_scientific_pedagogical": "isMastersScientificOrPedagogical",
    "masters_specialized": "isMastersSpecialized",
    "masters_joint_nbk": "isMastersJointWithNBK",
    "masters_mba": "isMastersMBA",
    "masters_emba": "isMastersEMBA",
    "doctoral_phd": "isDoctoralPHD",
    "doctoral_dba": "isDoctoralDBA",
}
DEGREE_OF_FLAG = {
    "isRegularBachelors": "bachelor", "isMastersScientificOrPedagogical": "master", "isMastersSpecialized": "master",
    "isMastersJointWithNBK": "master", "isMastersMBA": "master", "isMastersEMBA": "master",
    "isDoctoralPHD": "doctoral", "isDoctoralDBA": "doctoral",
}


def build_ctx(program_kind: str | None = None, *, study_program_id: int | None = None,
              financing: str | None = None, is_kazakhstan_citizen: bool = False,
              answers: dict | None = None, options: dict | None = None) -> dict:
    """ctx for the engine: every program flag (exactly one true), financing, citizenship, other steps' answers
    ({formKey: data}) and select options ({optionType: [SelectOption as dict]})."""
    if program_kind is not None and program_kind not in PROGRAM_FLAGS:
        raise ValueError(f"unknown program kind {program_kind!r}")
    ctx: dict = {flag: PROGRAM_FLAGS.get(program_kind) == flag for flag in PROGRAM_FLAGS.values()}
    own = PROGRAM_FLAGS.get(program_kind)
    ctx.update({
        "studyProgramId": study_program_id,
        "degree": DEGREE_OF_FLAG.get(own) if own else None,
        "financing": financing,
        "isKazakhstanCitizen": bool(is_kazakhstan_citizen),
        "answers": answers or {},
        "options": options or {},
    })
    return ctx
