% trains.pl: Michalski's east-west trains (ten trains, five eastbound).
%
% Source: R. S. Michalski and J. B. Larson (1977), "Inductive inference of VL
% decision rules", and R. S. Michalski (1980), "Pattern recognition as
% rule-guided inductive inference", IEEE PAMI 2(4).  The encoding (cars,
% shapes, loads, wheels; modes and determinations) follows the trains example
% distributed with Aleph (A. Srinivasan, The Aleph Manual), including its
% quirks: car_93 carries two loads, car_94 none, car_73 and car_92 are jagged
% and neither open nor closed.
%
% Learn the target:
%   symlearn learn progol kb/trains.pl --target eastbound/1
%   symlearn learn foil kb/trains.pl --target eastbound/1
% Expected (Aleph, Progol): eastbound(A) :- has_car(A, B), short(B), closed(B).

:- set(i, 2).
:- modeh(1, eastbound(+train)).
:- modeb(1, short(+car)).
:- modeb(1, closed(+car)).
:- modeb(1, long(+car)).
:- modeb(1, open_car(+car)).
:- modeb(1, double(+car)).
:- modeb(1, jagged(+car)).
:- modeb(1, shape(+car, #shape)).
:- modeb(1, load(+car, #shape, #int)).
:- modeb(1, wheels(+car, #int)).
:- modeb(*, has_car(+train, -car)).

:- determination(eastbound/1, short/1).
:- determination(eastbound/1, closed/1).
:- determination(eastbound/1, long/1).
:- determination(eastbound/1, open_car/1).
:- determination(eastbound/1, double/1).
:- determination(eastbound/1, jagged/1).
:- determination(eastbound/1, shape/2).
:- determination(eastbound/1, wheels/2).
:- determination(eastbound/1, has_car/2).
:- determination(eastbound/1, load/3).

:- discontiguous has_car/2, short/1, long/1, open_car/1, closed/1, double/1, jagged/1,
   shape/2, load/3, wheels/2.

% eastbound train east1
has_car(east1, car_11).  long(car_11).  open_car(car_11).  shape(car_11, rectangle).  load(car_11, rectangle, 3).  wheels(car_11, 2).
has_car(east1, car_12).  short(car_12).  closed(car_12).  shape(car_12, rectangle).  load(car_12, triangle, 1).  wheels(car_12, 2).
has_car(east1, car_13).  long(car_13).  open_car(car_13).  shape(car_13, rectangle).  load(car_13, hexagon, 1).  wheels(car_13, 3).
has_car(east1, car_14).  short(car_14).  open_car(car_14).  shape(car_14, rectangle).  load(car_14, circle, 1).  wheels(car_14, 2).

% eastbound train east2
has_car(east2, car_21).  short(car_21).  open_car(car_21).  shape(car_21, u_shaped).  load(car_21, triangle, 1).  wheels(car_21, 2).
has_car(east2, car_22).  short(car_22).  open_car(car_22).  shape(car_22, u_shaped).  load(car_22, rectangle, 1).  wheels(car_22, 2).
has_car(east2, car_23).  short(car_23).  closed(car_23).  shape(car_23, rectangle).  load(car_23, circle, 2).  wheels(car_23, 2).

% eastbound train east3
has_car(east3, car_31).  short(car_31).  open_car(car_31).  shape(car_31, rectangle).  load(car_31, circle, 1).  wheels(car_31, 2).
has_car(east3, car_32).  short(car_32).  closed(car_32).  shape(car_32, hexagon).  load(car_32, triangle, 1).  wheels(car_32, 2).
has_car(east3, car_33).  long(car_33).  closed(car_33).  shape(car_33, rectangle).  load(car_33, triangle, 1).  wheels(car_33, 3).

% eastbound train east4
has_car(east4, car_41).  short(car_41).  open_car(car_41).  shape(car_41, u_shaped).  load(car_41, triangle, 1).  wheels(car_41, 2).
has_car(east4, car_42).  short(car_42).  open_car(car_42).  double(car_42).  shape(car_42, rectangle).  load(car_42, triangle, 1).  wheels(car_42, 2).
has_car(east4, car_43).  short(car_43).  closed(car_43).  shape(car_43, elipse).  load(car_43, rectangle, 1).  wheels(car_43, 2).
has_car(east4, car_44).  short(car_44).  open_car(car_44).  shape(car_44, rectangle).  load(car_44, rectangle, 1).  wheels(car_44, 2).

% eastbound train east5
has_car(east5, car_51).  short(car_51).  open_car(car_51).  double(car_51).  shape(car_51, rectangle).  load(car_51, triangle, 1).  wheels(car_51, 2).
has_car(east5, car_52).  short(car_52).  closed(car_52).  shape(car_52, rectangle).  load(car_52, rectangle, 1).  wheels(car_52, 3).
has_car(east5, car_53).  short(car_53).  closed(car_53).  shape(car_53, rectangle).  load(car_53, circle, 1).  wheels(car_53, 2).

% westbound train west6
has_car(west6, car_61).  long(car_61).  closed(car_61).  shape(car_61, rectangle).  load(car_61, circle, 3).  wheels(car_61, 2).
has_car(west6, car_62).  short(car_62).  open_car(car_62).  shape(car_62, rectangle).  load(car_62, triangle, 1).  wheels(car_62, 2).

% westbound train west7
has_car(west7, car_71).  short(car_71).  open_car(car_71).  double(car_71).  shape(car_71, rectangle).  load(car_71, circle, 1).  wheels(car_71, 2).
has_car(west7, car_72).  short(car_72).  open_car(car_72).  shape(car_72, u_shaped).  load(car_72, triangle, 1).  wheels(car_72, 2).
has_car(west7, car_73).  long(car_73).  jagged(car_73).  shape(car_73, rectangle).  load(car_73, nil, 0).  wheels(car_73, 2).

% westbound train west8
has_car(west8, car_81).  long(car_81).  closed(car_81).  shape(car_81, rectangle).  load(car_81, rectangle, 1).  wheels(car_81, 3).
has_car(west8, car_82).  short(car_82).  open_car(car_82).  shape(car_82, u_shaped).  load(car_82, circle, 1).  wheels(car_82, 2).

% westbound train west9
has_car(west9, car_91).  short(car_91).  open_car(car_91).  shape(car_91, u_shaped).  load(car_91, circle, 1).  wheels(car_91, 2).
has_car(west9, car_92).  long(car_92).  jagged(car_92).  shape(car_92, rectangle).  load(car_92, rectangle, 1).  wheels(car_92, 2).
has_car(west9, car_93).  short(car_93).  open_car(car_93).  shape(car_93, rectangle).  load(car_93, rectangle, 1).  load(car_93, circle, 1).  wheels(car_93, 2).
has_car(west9, car_94).  short(car_94).  open_car(car_94).  shape(car_94, u_shaped).  wheels(car_94, 2).

% westbound train west10
has_car(west10, car_101).  short(car_101).  open_car(car_101).  shape(car_101, u_shaped).  load(car_101, rectangle, 1).  wheels(car_101, 2).
has_car(west10, car_102).  long(car_102).  open_car(car_102).  shape(car_102, rectangle).  load(car_102, rectangle, 2).  wheels(car_102, 2).

% Examples: the eastbound trains are positive, the westbound ones negative.
pos(eastbound(east1)). pos(eastbound(east2)). pos(eastbound(east3)). pos(eastbound(east4)). pos(eastbound(east5)).
neg(eastbound(west6)). neg(eastbound(west7)). neg(eastbound(west8)). neg(eastbound(west9)). neg(eastbound(west10)).
