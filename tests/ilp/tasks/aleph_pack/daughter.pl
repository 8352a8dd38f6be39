% Lavrac & Dzeroski (1994), section 1.4, written as one file for SWI-Prolog's
% Aleph pack: ?- [daughter], induce(Program).
:- use_module(library(aleph)).
:- if(current_predicate(use_rendering/1)).
:- use_rendering(prolog).
:- endif.
:- aleph.

:- aleph_set(i, 2).
:- aleph_set(noise, 0).

:- modeh(1, daughter(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- determination(daughter/2, parent/2).
:- determination(daughter/2, female/1).

:- begin_bg.
parent(ann, mary).
parent(ann, tom).
parent(tom, eve).
parent(tom, ian).
female(ann).
female(mary).
female(eve).
:- end_bg.

:- begin_in_pos.
daughter(mary, ann).
daughter(eve, tom).
:- end_in_pos.

:- begin_in_neg.
daughter(tom, ann).
daughter(eve, ann).
:- end_in_neg.
