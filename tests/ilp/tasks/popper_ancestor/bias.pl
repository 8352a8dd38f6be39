%% Popper v3 bias: ancestor/2 from parent/2, recursion allowed.
max_clauses(2).
max_vars(3).
max_body(2).
enable_recursion.

head_pred(ancestor,2).
body_pred(parent,2).

type(ancestor,(person,person)).
type(parent,(person,person)).

direction(ancestor,(in,in)).
direction(parent,(in,out)).

%% a constraint Popper honours and symlearn does not
:- not clause(1).
