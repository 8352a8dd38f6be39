% Congressional Voting Records, 1984: how each member of the U.S. House of
% Representatives voted on 16 key votes (y = yea, n = nay).
%
% Source: UCI Machine Learning Repository, "Congressional Voting Records"
% (Schlimmer 1987; Dua and Graff, UCI Machine Learning Repository), licensed
% CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).  Derived from
% house-votes-84.csv: the 232 of 435 records with no missing vote, in file
% order; republicans are the positive examples of republican/16, democrats the
% negative ones.  Real votes are not a conjunction of attribute values, so the
% version space collapses; conjunctions and k-CNF show how consistency improves
% with k:
%
%   symlearn learn candidate-elimination kb/votes.pl --target republican/16
%   symlearn learn elimination kb/votes.pl --target republican/16 --k 2 --json
%   symlearn learn find-s kb/votes.pl --target republican/16

:- attributes(republican, [handicapped_infants, water_project_cost_sharing, adoption_of_the_budget_resolution, physician_fee_freeze, el_salvador_aid, religious_groups_in_schools, anti_satellite_test_ban, aid_to_nicaraguan_contras, mx_missile, immigration, synfuels_corporation_cutback, education_spending, superfund_right_to_sue, crime, duty_free_exports, export_administration_act_south_africa]).
:- domain(handicapped_infants, [y, n]).
:- domain(water_project_cost_sharing, [y, n]).
:- domain(adoption_of_the_budget_resolution, [y, n]).
:- domain(physician_fee_freeze, [y, n]).
:- domain(el_salvador_aid, [y, n]).
:- domain(religious_groups_in_schools, [y, n]).
:- domain(anti_satellite_test_ban, [y, n]).
:- domain(aid_to_nicaraguan_contras, [y, n]).
:- domain(mx_missile, [y, n]).
:- domain(immigration, [y, n]).
:- domain(synfuels_corporation_cutback, [y, n]).
:- domain(education_spending, [y, n]).
:- domain(superfund_right_to_sue, [y, n]).
:- domain(crime, [y, n]).
:- domain(duty_free_exports, [y, n]).
:- domain(export_administration_act_south_africa, [y, n]).

neg(republican(n, y, y, n, y, y, n, n, n, n, n, n, y, y, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
pos(republican(y, n, n, y, y, n, y, y, y, n, n, y, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(y, y, y, n, n, n, y, y, y, y, n, n, y, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(y, y, n, y, y, y, n, n, n, n, n, n, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(y, n, y, n, n, n, y, y, y, y, y, n, y, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
neg(republican(y, y, y, n, n, n, y, y, n, n, n, n, n, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
pos(republican(y, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, y, n, y, y, y, n, n, n, y, y, y, y, y, n, n)).
pos(republican(n, y, n, y, y, y, n, n, n, y, y, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, n, y)).
pos(republican(y, y, n, y, y, y, y, n, n, n, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, y, n, n, n, y, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
pos(republican(y, y, y, y, n, n, y, y, y, y, y, n, n, y, n, y)).
pos(republican(y, n, y, y, y, n, y, n, y, y, n, n, y, y, n, y)).
neg(republican(y, n, y, n, n, y, y, y, y, y, y, n, n, y, y, y)).
neg(republican(n, y, y, y, y, y, n, n, n, y, y, n, y, y, n, n)).
neg(republican(n, y, y, y, y, y, n, y, y, y, y, y, y, y, n, y)).
neg(republican(y, y, y, n, y, y, n, n, n, y, y, n, y, y, n, y)).
pos(republican(n, n, n, y, y, n, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(n, n, y, n, y, y, n, n, n, y, y, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(n, y, y, n, y, y, y, n, y, y, y, n, y, y, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, n, y, y, y, n, n, n, y, y)).
neg(republican(y, n, y, n, y, y, n, n, n, n, n, n, n, n, n, y)).
neg(republican(y, n, n, n, y, y, y, n, n, y, y, n, n, y, n, y)).
neg(republican(y, y, y, n, n, y, y, y, y, y, n, n, n, n, n, y)).
neg(republican(y, n, n, n, y, y, n, n, n, n, y, y, n, y, n, y)).
neg(republican(y, n, y, n, y, y, y, n, n, n, y, n, n, y, n, y)).
neg(republican(y, y, y, n, n, n, n, y, y, n, y, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
pos(republican(y, y, y, y, y, n, y, n, n, n, n, y, y, y, n, y)).
neg(republican(n, y, y, n, n, n, n, y, y, y, y, n, n, n, y, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, n, y, n, y)).
neg(republican(n, n, y, n, n, y, n, y, y, y, n, n, n, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, y, n, y, y, y, n, n, n, y, y, y, y, n, n, y)).
neg(republican(n, n, y, n, n, y, y, y, y, y, n, n, n, y, n, y)).
neg(republican(y, n, y, n, n, y, y, y, y, n, n, n, n, n, y, y)).
pos(republican(n, n, n, y, n, n, y, y, y, y, n, n, y, y, n, y)).
pos(republican(n, n, n, y, y, y, y, y, y, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(n, n, n, n, n, n, y, y, y, y, n, y, y, y, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, y, y, y, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, n, n, y, n, y, y)).
pos(republican(y, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
neg(republican(n, y, y, n, n, y, n, y, y, y, y, n, y, n, y, y)).
neg(republican(n, n, y, n, n, y, y, y, y, y, y, n, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(y, y, n, y, y, y, y, n, n, n, n, y, y, y, n, n)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(n, y, n, n, y, y, n, n, n, n, n, y, y, y, y, y)).
neg(republican(n, n, n, n, y, y, y, n, n, n, n, y, y, y, n, y)).
neg(republican(n, y, y, n, y, y, y, n, n, n, y, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, y, n, n, n, n, y, y, y, n, y)).
pos(republican(y, n, y, y, y, y, y, y, n, y, n, y, n, y, y, y)).
pos(republican(y, n, y, y, y, y, y, y, n, y, y, y, n, y, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, y, n, n, y, n, y)).
neg(republican(n, n, n, n, y, y, n, n, n, y, y, y, y, y, n, y)).
neg(republican(n, y, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
pos(republican(n, n, y, y, n, n, y, y, y, y, n, n, n, y, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
neg(republican(n, y, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(n, n, n, n, n, y, y, y, y, n, y, n, n, y, y, y)).
neg(republican(n, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(n, n, y, n, n, n, y, y, y, n, n, n, n, y, y, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, y, y, y, y, y, y, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
pos(republican(n, n, y, y, y, y, y, n, n, n, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, y, y, y, y, y, n, y, n, n, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, n, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, y, y, n, n, n, n, y)).
neg(republican(n, n, y, n, n, y, y, y, y, n, n, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
neg(republican(n, y, y, n, n, y, n, y, y, n, y, n, y, n, y, y)).
pos(republican(y, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(n, y, y, n, n, n, n, y, y, n, y, n, n, y, y, y)).
pos(republican(n, n, n, y, y, n, n, n, n, n, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, y, y, y, y, n, y, n, n, y, y, y)).
pos(republican(n, y, y, y, y, y, y, n, y, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, y, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, n, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, y, y, y, n, n, n, y, y, n, n, y)).
pos(republican(n, n, n, y, y, y, y, n, n, y, n, n, n, y, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, y, n, n, y, y, y)).
neg(republican(y, n, y, n, n, n, n, y, y, y, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(y, y, y, n, n, y, y, y, y, n, n, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, y, y, y)).
pos(republican(n, n, n, y, y, n, n, n, n, n, n, y, n, y, n, n)).
neg(republican(n, n, y, n, n, n, y, y, y, n, y, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, n, y, n, y)).
pos(republican(y, n, n, n, n, n, y, y, y, y, n, n, n, y, n, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
pos(republican(y, n, n, y, y, n, y, n, n, y, n, n, n, y, y, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, y, n)).
pos(republican(n, n, y, y, y, y, y, y, n, y, n, n, n, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(n, n, y, n, n, n, y, y, y, y, n, n, n, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, y, y, y, y, y, y, n, n, n, y, y)).
neg(republican(y, y, y, n, y, y, n, y, n, y, y, n, y, y, y, y)).
neg(republican(y, n, y, n, n, y, y, y, n, y, y, n, y, y, y, y)).
neg(republican(y, y, y, n, n, y, y, y, y, y, y, n, y, y, y, y)).
pos(republican(n, n, y, y, y, y, n, n, n, y, n, y, y, y, y, y)).
neg(republican(n, y, n, n, n, n, y, y, y, y, y, n, n, n, y, y)).
neg(republican(n, y, y, n, n, y, y, y, y, y, n, n, y, y, y, y)).
pos(republican(n, n, n, y, y, n, y, y, y, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, y, n, n, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(y, n, n, n, n, y, y, y, y, y, n, n, n, y, y, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, y, n)).
neg(republican(n, n, y, n, n, y, y, y, y, y, n, n, y, n, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
pos(republican(n, y, y, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, y, n, y, y, y, y, y, n, n, y, y, y, y, y, y)).
neg(republican(n, n, n, n, n, y, n, y, y, n, y, y, y, y, y, n)).
neg(republican(y, n, n, n, n, n, y, y, y, y, n, n, n, n, y, y)).
neg(republican(n, y, y, n, n, y, n, y, y, y, n, n, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, y, n, n, y, n, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, y, y, y, y, n, n)).
neg(republican(y, y, n, y, n, n, y, y, y, n, y, n, n, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, y, n, n, n, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
neg(republican(n, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, n, n, n, n, n, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, y, y, y)).
pos(republican(y, n, n, y, y, y, n, n, n, n, y, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, y, y, y, n, y, n, y)).
pos(republican(n, n, n, y, y, n, y, n, y, y, n, n, n, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, y, n, n, n, y, y)).
pos(republican(n, n, n, y, y, y, y, n, n, y, n, y, n, y, y, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(y, n, n, y, y, y, n, n, n, y, n, y, y, y, n, n)).
pos(republican(n, y, y, y, y, y, y, y, y, n, n, y, y, y, n, y)).
neg(republican(n, y, n, n, n, y, y, n, y, n, y, n, n, n, y, y)).
pos(republican(n, n, y, y, y, y, y, y, y, y, n, y, y, y, y, y)).
pos(republican(n, n, y, y, y, y, y, n, n, y, y, y, y, y, n, y)).
pos(republican(y, n, y, y, n, n, n, y, y, y, n, n, n, y, y, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
neg(republican(y, n, y, n, n, y, y, y, y, y, n, n, y, n, n, y)).
neg(republican(y, y, y, n, n, y, y, y, y, y, y, y, y, n, n, y)).
pos(republican(y, y, n, y, y, y, n, n, n, y, y, n, y, n, n, n)).
pos(republican(y, y, n, y, y, y, n, n, n, n, y, n, y, y, n, y)).
neg(republican(n, y, n, n, y, y, n, n, n, y, y, n, y, y, n, n)).
neg(republican(n, y, y, n, n, y, y, y, n, y, n, n, n, n, y, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, n, y, y, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(n, y, n, y, y, y, n, n, n, n, y, y, n, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, y, y, n, y, y, n, y, y, y, y, n, n, n, n, y)).
neg(republican(y, y, y, y, y, y, n, n, n, n, y, y, y, y, n, y)).
neg(republican(y, y, n, n, y, y, n, n, n, n, y, y, y, y, y, n)).
neg(republican(y, y, n, n, n, n, n, y, y, n, y, n, n, n, y, n)).
pos(republican(y, y, n, y, y, y, n, n, n, n, y, y, y, y, n, y)).
neg(republican(y, y, y, n, y, y, n, y, n, n, y, n, y, n, y, y)).
neg(republican(n, y, y, n, y, y, n, y, n, n, n, n, n, n, n, y)).
pos(republican(n, y, n, y, y, y, n, n, n, y, y, y, y, y, n, n)).
pos(republican(y, y, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, y)).
neg(republican(y, n, y, n, y, y, n, n, y, y, n, n, y, y, n, y)).
neg(republican(n, n, n, y, y, y, n, n, n, n, y, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, n, y, y, y, n, n)).
pos(republican(n, n, n, y, y, y, n, n, n, n, y, y, y, y, n, y)).
neg(republican(y, n, y, n, n, y, y, y, y, y, y, n, n, n, n, y)).
pos(republican(n, n, n, y, y, y, n, n, n, y, n, y, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
pos(republican(y, y, n, y, y, y, n, n, n, y, n, n, y, y, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, y, y, n, y, n, n, y)).
neg(republican(y, y, y, n, n, n, y, y, n, y, n, n, n, n, n, y)).
neg(republican(y, y, y, n, n, n, y, y, y, n, n, n, n, n, n, y)).
pos(republican(y, y, y, y, y, y, y, y, n, y, n, n, y, y, n, y)).
neg(republican(n, y, y, n, y, y, y, y, n, n, y, n, y, n, y, y)).
neg(republican(n, n, y, n, n, y, y, y, y, n, y, n, n, n, y, y)).
neg(republican(n, y, y, n, n, y, y, y, y, n, y, n, n, y, y, y)).
neg(republican(y, n, y, n, n, n, y, y, y, y, n, n, n, n, y, y)).
pos(republican(n, n, n, y, y, y, y, y, n, y, n, y, y, y, n, y)).
pos(republican(n, n, y, y, y, y, n, n, y, y, n, y, y, y, n, y)).
neg(republican(n, n, y, n, n, n, y, y, y, y, n, n, n, n, n, y)).
