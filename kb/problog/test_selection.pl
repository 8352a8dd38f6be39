% ProbLog's constraint task: which tests to run so that a fault is detected with
% probability at least 0.9, without running all three?  (ProbLog's
% test/constraints/ensure_prob.pl.)
%
%   symlearn problog constraint kb/problog/test_selection.pl     # four strategies

?::perform_test(X) :- between(1, 3, X).
0.9::detect :- perform_test(1).
0.8::detect :- perform_test(2).
0.5::detect :- perform_test(3).

ensure_prob(0.90, 1.0) :- detect.
ensure_false :- perform_test(1), perform_test(2), perform_test(3).

query(perform_test(_)).
query(detect).
