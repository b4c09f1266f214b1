"""Payments: the purpose registry, card payments through a provider, signed notifications, and home-page messages
that ask for an amount."""
