% grandchild.pl: learning grandchild/2 from father/2 facts by inverse resolution.
%
% Mitchell (1997), Machine Learning, section 10.7 and Figure 10.3: from the
% example grandchild(bob, shannon) and the facts father(shannon, tom) and
% father(tom, bob), two steps of inverse resolution (absorption) derive
%   grandchild(bob, A) :- father(A, tom).
%   grandchild(A, B) :- father(B, C), father(C, A).
% Three more families give the rule enough examples to compress (a rule of
% three literals must cover more than three examples to pay for itself).
%
%   symlearn learn inverse-resolution kb/grandchild.pl --target grandchild/2
%   symlearn learn progol kb/grandchild.pl --target grandchild/2

% Mitchell's family
father(shannon, tom).
father(tom, bob).
% three more families
father(ian, jim).    father(jim, kim).
father(al, sid).     father(sid, ted).
father(ed, fred).    father(fred, gus).   father(fred, hal).

pos(grandchild(bob, shannon)).
pos(grandchild(kim, ian)).
pos(grandchild(ted, al)).
pos(grandchild(gus, ed)).
pos(grandchild(hal, ed)).

% children, grandparents the wrong way round, unrelated people
neg(grandchild(tom, shannon)).
neg(grandchild(shannon, bob)).
neg(grandchild(jim, ian)).
neg(grandchild(bob, tom)).
neg(grandchild(ted, ian)).

:- modeh(1, grandchild(+person, +person)).
:- modeb(*, father(+person, -person)).
:- modeb(*, father(-person, +person)).
:- determination(grandchild/2, father/2).
