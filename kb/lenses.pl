% Contact lenses: which lenses (hard, soft or none) to fit, from the patient's
% age, spectacle prescription, astigmatism and tear production rate.  All 24
% combinations of the attribute values, each with the class an expert gave.
%
% Source: UCI Machine Learning Repository, "Lenses" (Cendrowska 1987,
% "PRISM: an algorithm for inducing modular rules", Int. J. Man-Machine
% Studies 27; Dua and Graff, UCI Machine Learning Repository), licensed
% CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).  Converted from
% lenses.data: ages 1-3 = young, pre-presbyopic, presbyopic; prescription
% 1-2 = myope, hypermetrope; astigmatic 1-2 = no, yes; tear production rate
% 1-2 = reduced, normal; class 1-3 = hard, soft, none.
%
% A multi-class (label/2) target:
%
%   symlearn learn id3 kb/lenses.pl --target lenses/4
%   symlearn learn c45 kb/lenses.pl --target lenses/4 --json
%   symlearn learn one-r kb/lenses.pl --target lenses/4
%   symlearn learn id3 kb/lenses.pl --target lenses/4 --cv 4 --seed 1

:- attributes(lenses, [age, prescription, astigmatic, tear_rate]).
:- domain(age, [young, 'pre-presbyopic', presbyopic]).
:- domain(prescription, [myope, hypermetrope]).
:- domain(astigmatic, [no, yes]).
:- domain(tear_rate, [reduced, normal]).

label(lenses(young, myope, no, reduced), none).
label(lenses(young, myope, no, normal), soft).
label(lenses(young, myope, yes, reduced), none).
label(lenses(young, myope, yes, normal), hard).
label(lenses(young, hypermetrope, no, reduced), none).
label(lenses(young, hypermetrope, no, normal), soft).
label(lenses(young, hypermetrope, yes, reduced), none).
label(lenses(young, hypermetrope, yes, normal), hard).
label(lenses('pre-presbyopic', myope, no, reduced), none).
label(lenses('pre-presbyopic', myope, no, normal), soft).
label(lenses('pre-presbyopic', myope, yes, reduced), none).
label(lenses('pre-presbyopic', myope, yes, normal), hard).
label(lenses('pre-presbyopic', hypermetrope, no, reduced), none).
label(lenses('pre-presbyopic', hypermetrope, no, normal), soft).
label(lenses('pre-presbyopic', hypermetrope, yes, reduced), none).
label(lenses('pre-presbyopic', hypermetrope, yes, normal), none).
label(lenses(presbyopic, myope, no, reduced), none).
label(lenses(presbyopic, myope, no, normal), none).
label(lenses(presbyopic, myope, yes, reduced), none).
label(lenses(presbyopic, myope, yes, normal), hard).
label(lenses(presbyopic, hypermetrope, no, reduced), none).
label(lenses(presbyopic, hypermetrope, no, normal), soft).
label(lenses(presbyopic, hypermetrope, yes, reduced), none).
label(lenses(presbyopic, hypermetrope, yes, normal), none).
