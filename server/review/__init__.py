"""Staff review: the queues, the application panel's actions, the dashboard, exports, and the population scope."""
