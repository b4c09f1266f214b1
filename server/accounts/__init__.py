"""Accounts: sign-up with an e-mail code, sign-in and sessions, password reset,
the account itself (/auth, /users/self)."""
