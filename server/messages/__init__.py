"""Messages both ways (decision 0084): the thread of one application between staff and its applicant."""
