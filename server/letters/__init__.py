"""Official letters (issue 26, decision 0080): the acceptance letter, the enrolment confirmation and the dormitory
assignment, issued as PDFs by the transitions that earn them, verifiable by anyone through a public code.

Sits above applications and dorm (.importlinter); only the app factory imports it."""
