% noisy-or of independent causes
0.3::cause(1). 0.5::cause(2). 0.2::cause(3).
0.9::effect :- cause(1).
0.6::effect :- cause(2).
0.8::effect :- cause(3).
0.05::effect.
query(effect).
query(cause(2)).
evidence(effect, true).
