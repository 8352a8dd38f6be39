daughter(mary, ann).
daughter(eve, tom).
