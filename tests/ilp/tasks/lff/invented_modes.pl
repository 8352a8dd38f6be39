% grandparent with modes: inputs (+) and outputs (-); with --predicate-invention the
% invented helper gets inputs of its own (here: the parent given the child)
:- modeh(1, gp(+person, -person)).
:- modeb(*, father(+person, -person)).
:- modeb(*, mother(+person, -person)).
:- set(max_clauses, 3).
:- set(max_vars, 3).
:- set(max_body, 2).
father(adam, beth).
mother(ada, beth).
father(adam, carl).
mother(beth, dora).
father(carl, emil).
mother(cleo, emil).
father(dan, fay).
mother(dora, fay).
father(emil, gus).
mother(fay, hana).
father(emil, ivo).
mother(gina, ivo).
father(gus, jan).
pos(gp(adam, dora)).
pos(gp(ada, dora)).
pos(gp(adam, emil)).
pos(gp(beth, fay)).
pos(gp(carl, gus)).
pos(gp(cleo, gus)).
pos(gp(dora, hana)).
pos(gp(emil, jan)).
neg(gp(adam, beth)).
neg(gp(beth, dora)).
neg(gp(adam, fay)).
neg(gp(dora, adam)).
neg(gp(carl, jan)).
neg(gp(gus, jan)).
neg(gp(fay, hana)).
neg(gp(cleo, emil)).
