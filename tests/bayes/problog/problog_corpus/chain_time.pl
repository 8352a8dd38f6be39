% a Markov chain over time with between/3 and arithmetic
0.3::rain(0).
0.7::rain(T) :- T > 0, T1 is T - 1, rain(T1).
0.2::rain(T) :- T > 0, T1 is T - 1, \+rain(T1).
0.9::umbrella(T) :- rain(T).
0.1::umbrella(T) :- \+rain(T).
evidence(umbrella(1), true).
evidence(umbrella(2), true).
evidence(umbrella(3), false).
query(rain(3)). query(rain(0)).
