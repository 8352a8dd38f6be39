% ProbLog 2's library(cut), written for symlearn: cut(p(A, ...)) calls the
% clauses p(I, A, ...) in the order of their first argument I and succeeds
% through the first one that holds (a "soft cut" over indexed clauses);
% cut(p(A, ...), I) also gives I.

cut(Goal) :- cut(Goal, _).
cut(Goal, Index) :-
    Goal =.. [Name|Arguments],
    Indexed =.. [Name, Index|Arguments],
    all(Index, clause(Indexed, _), Indices),
    sort(Indices, Ordered),
    '$pl_first'(Indexed, Index, Ordered).

'$pl_first'(Indexed, Index, [Index|_]) :- call(Indexed).
'$pl_first'(Indexed, Index, [Other|Rest]) :-
    \+ (Other = Index, call(Indexed)),
    '$pl_first'(Indexed, Index, Rest).
