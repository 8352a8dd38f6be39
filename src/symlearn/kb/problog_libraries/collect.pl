% ProbLog 2's library(collect), written for symlearn: Body => Group/Collector
% calls collect_F(Body, Group, Args...) for Collector = F(Args...) (Group is
% none without one); collect_list/3,4 gives each group's values.

'=>'(Body, Group / Collector) :- '$pl_collect'(Body, Group, Collector).
'=>'(Body, Collector) :- Collector \= _ / _, '$pl_collect'(Body, none, Collector).

'$pl_collect'(Body, Group, Collector) :-
    Collector =.. [Name|Arguments],
    atom_concat(collect_, Name, Predicate),
    Goal =.. [Predicate, Body, Group|Arguments],
    call(Goal).

collect_list(Body, Value, Values) :- collect_list(Body, none, Value, Values).
collect_list(Body, Group, Value, Values) :- collectgroup(Body, Value, Group, Values).

collectgroup(Body, Value, Group, Values) :-
    all_or_none((Group, Value), Body, Pairs),
    enum_groups(Pairs, Group, Values).
