"""Applications: creating one, the questionnaire and its answers and files, the stepper, document reviews, and
the state machine (workflow/) that is the only writer of an application's progress."""
