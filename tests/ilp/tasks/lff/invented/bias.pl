% grandparent from mother/2 and father/2: without predicate invention the
% smallest program has four clauses (12 literals); inventing parent/2 (inv1)
% it has three (7 literals)
max_vars(3).
max_body(2).
max_clauses(3).
enable_pi.

head_pred(gp,2).
body_pred(mother,2).
body_pred(father,2).
