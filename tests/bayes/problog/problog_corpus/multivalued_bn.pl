% a Bayesian network with a multi-valued variable as annotated disjunctions
0.01::earthquake(heavy); 0.19::earthquake(mild); 0.8::earthquake(none).
0.1::burglary.
0.9::alarm :- burglary, earthquake(heavy).
0.85::alarm :- burglary, earthquake(mild).
0.8::alarm :- burglary, earthquake(none).
0.05::alarm :- \+burglary, earthquake(mild).
0.1::alarm :- \+burglary, earthquake(heavy).
evidence(alarm, true).
query(burglary). query(earthquake(_)).
