% grandchild_one_example.pl: Mitchell (1997), section 10.7 and Figure 10.3,
% as it is in the book: one example and two facts.  Inverse resolution shows
% the derivation of grandchild(bob, A) :- father(A, tom) and then of
% grandchild(A, B) :- father(B, C), father(C, A); with one example no
% generalisation compresses, so the example is kept unless --accept (CIGOL's
% oracle saying yes) takes the most general one.
%
%   symlearn learn inverse-resolution kb/grandchild_one_example.pl
%   symlearn learn inverse-resolution kb/grandchild_one_example.pl --accept --json

father(shannon, tom).
father(tom, bob).
pos(grandchild(bob, shannon)).
