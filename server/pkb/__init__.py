"""The credit-bureau data request (PKB): request, SMS code, confirmation, and the confirmed person data."""
