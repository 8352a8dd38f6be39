% Lavrac & Dzeroski (1994), Inductive Logic Programming, section 1.4:
% learn daughter/2 from parent/2 and female/1.
:- modeh(1, daughter(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
parent(ann, mary).
parent(ann, tom).
parent(tom, eve).
parent(tom, ian).
female(ann).
female(mary).
female(eve).
pos(daughter(mary, ann)).
pos(daughter(eve, tom)).
neg(daughter(tom, ann)).
neg(daughter(eve, ann)).
