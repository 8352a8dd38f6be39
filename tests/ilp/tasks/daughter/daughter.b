% Lavrac & Dzeroski (1994), section 1.4, as an Aleph task (read_all(daughter)).
:- set(i, 2).
:- set(noise, 0).
:- modeh(1, daughter(+person, +person)).
:- modeb(*, parent(+person, -person)).
:- modeb(*, parent(-person, +person)).
:- modeb(1, female(+person)).
:- determination(daughter/2, parent/2).
:- determination(daughter/2, female/1).
parent(ann, mary).
parent(ann, tom).
parent(tom, eve).
parent(tom, ian).
female(ann).
female(mary).
female(eve).
