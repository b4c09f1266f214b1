"""Reminders before it is too late (issue 26; decision 0081): periodic checks that mail an applicant once per kind
and period, with a one-click unsubscribe per kind, in the applicant's stored language."""
