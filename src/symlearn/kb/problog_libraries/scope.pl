% ProbLog 2's library(scope), written for symlearn: Scope:Goal holds when the
% clauses written Scope:Atom make Goal true; a conjunction holds in a scope
% when both parts do, a list of scopes is their union, and any goal that
% holds outside the scopes holds in every scope.

Scope:Goal :- nonvar(Goal), Goal = (A, B), Scope:A, Scope:B.
Scope:Goal :- nonvar(Scope), Scope = [First|_], First:Goal.
Scope:Goal :- nonvar(Scope), \+ is_list(Scope), [Scope]:Goal.
List:Goal :- nonvar(List), select(Scope, List, Rest), [Scope|Rest]:Goal.
_:Goal :- nonvar(Goal), try_call(Goal).
