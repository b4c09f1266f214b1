"""State grants: the staff import of the official list of grant holders and the applicant's grant check."""
