"""The dormitory: structure screens' support, bookings and the waitlist, transfers, staff tools,
room media, hold expiry."""
