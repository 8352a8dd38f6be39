% the classic alarm program, ground
0.1::burglary.
0.05::earthquake.
0.9::alarm :- burglary, earthquake.
0.8::alarm :- burglary, \+earthquake.
0.1::alarm :- \+burglary, earthquake.
0.8::johncalls :- alarm.
0.1::johncalls :- \+alarm.
0.7::marycalls :- alarm.
0.01::marycalls :- \+alarm.
evidence(johncalls, true).
evidence(marycalls, true).
query(burglary). query(earthquake). query(alarm).
