% Three boolean attributes and the class 2-CNF over them, declared in the file
% (Kearns and Vazirani, 1994, ch. 1; Mitchell, 1997, section 7.3.3):
%
%   symlearn bound hypothesis-space-size kb/two_cnf_space.pl   # 166 distinct functions
%   symlearn bound hypothesis-space-size kb/two_cnf_space.pl --convention syntactic  # 2^18
%   symlearn bound vc-dimension kb/two_cnf_space.pl            # 6, by the exact search
%   symlearn bound vc-dimension kb/two_cnf_space.pl --class k-dnf --k 1   # --class wins
%
% The class and k come from the directives below unless --class and --k are given.

:- attributes(alarm, [smoke, heat, test_button]).
:- domain(smoke, [yes, no]).
:- domain(heat, [yes, no]).
:- domain(test_button, [pressed, released]).
:- set(hypothesis_class, k-cnf).
:- set(k, 2).
