t(0.5)::burglary.
0.2::earthquake.
t(0.5)::p_alarm1.
t(0.5)::p_alarm2.
t(0.5)::p_alarm3.
alarm :- burglary, earthquake, p_alarm1.
alarm :- burglary, \+earthquake, p_alarm2.
alarm :- \+burglary, earthquake, p_alarm3.
